import fs from 'node:fs';
import path from 'node:path';
import { schemes } from '@og/shared/domain/schemes';
import type { AppContext } from '../context.js';
import { importScheme } from './import-scheme.js';

/**
 * On an empty store, imports every `SEED_DIR/schemes/{id}.csv` there is (the real schemes in
 * ../shared/data). Schemes without a file stay empty, and the screens say so.
 */
export async function seedSchemes(app: AppContext): Promise<void> {
  const directory = app.config.seedDir ? path.join(app.config.seedDir, 'schemes') : null;
  if (!directory || !fs.existsSync(directory)) return;
  if ((await app.store.countTriples()) > 0) return;
  for (const scheme of schemes) {
    const file = path.join(directory, `${scheme.id}.csv`);
    if (!fs.existsSync(file)) continue;
    const started = Date.now();
    const result = await importScheme(app.schemes, { scheme: scheme.id, text: await fs.promises.readFile(file, 'utf8'), format: 'csv', actorId: null });
    app.log.info(`seeded ${scheme.label}`, { codes: result.codes, ms: Date.now() - started });
  }
}
