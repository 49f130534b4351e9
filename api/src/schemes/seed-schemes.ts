import fs from 'node:fs';
import path from 'node:path';
import { schemes } from '@og/shared/domain/schemes';
import type { AppContext } from '../context.js';
import { askSchemeHasCodes } from './scheme-queries.js';
import { importScheme } from './import-scheme.js';

/**
 * Imports `SEED_DIR/schemes/{id}.csv` (the real schemes in ../shared/data) for every scheme that
 * has no code yet, so one scheme imported by hand before the first start does not keep the others
 * empty. A scheme that has codes is never touched: a code tree cannot be emptied (its roots cannot
 * be deleted), so a scheme with codes has been seeded or imported already. Schemes without a file
 * stay empty, and the screens say so.
 */
export async function seedSchemes(app: AppContext): Promise<void> {
  const directory = app.config.seedDir ? path.join(app.config.seedDir, 'schemes') : null;
  if (!directory || !fs.existsSync(directory)) return;
  for (const scheme of schemes) {
    const file = path.join(directory, `${scheme.id}.csv`);
    if (!fs.existsSync(file)) continue;
    if (await app.store.ask(askSchemeHasCodes(app.schemes.iris, scheme.id))) continue;
    const started = Date.now();
    const result = await importScheme(app.schemes, { scheme: scheme.id, text: await fs.promises.readFile(file, 'utf8'), format: 'csv', actorId: null });
    app.log.info(`seeded ${scheme.label}`, { codes: result.codes, ms: Date.now() - started });
  }
}
