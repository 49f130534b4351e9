import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { jobIdFor } from '@og/shared/jobs/job-kinds';
import type { AppContext } from '../context.js';
import { findJobRun } from '../db/queries/job-runs.js';
import { uploadsDirectory } from '../lib/uploads.js';
import { startCrosswalkImport } from './start-crosswalk-import.js';

/**
 * The crosswalks a first start links, from `SEED_DIR/crosswalks`: ESCO occupations into ISCO-08
 * unit groups, as broadMatch (an ESCO occupation is narrower than its ISCO unit group), so a new
 * user meets a real crosswalk on the linking page.
 */
const seededCrosswalks: { file: string; source: SchemeId; target: SchemeId; relation: LinkRelation }[] = [
  { file: 'esco-isco08.csv', source: 'esco', target: 'isco08', relation: 'broadMatch' },
];

/**
 * Queues the import of each seeded crosswalk once per database: its job has a fixed id, so a
 * later start (or a link deleted since) does not bring it back. The workers (in this process
 * under `npm start`) run it as any other crosswalk import.
 */
export async function seedCrosswalks(app: AppContext): Promise<void> {
  const directory = app.config.seedDir ? path.join(app.config.seedDir, 'crosswalks') : null;
  if (!directory || !fs.existsSync(directory)) return;
  for (const crosswalk of seededCrosswalks) {
    const file = path.join(directory, crosswalk.file);
    const requestKey = `seed-${crosswalk.source}-${crosswalk.target}`;
    if (!fs.existsSync(file) || (await findJobRun(app.db, jobIdFor('crosswalk.import', requestKey)))) continue;
    const upload = path.join(uploadsDirectory(app.config), `${crypto.randomUUID()}.csv`);
    await fs.promises.mkdir(path.dirname(upload), { recursive: true });
    await fs.promises.copyFile(file, upload);
    await startCrosswalkImport(app, { source: crosswalk.source, target: crosswalk.target, relation: crosswalk.relation }, { path: upload, originalName: crosswalk.file }, { ownerId: null, requestKey });
    app.log.info(`queued the seeded crosswalk ${crosswalk.file}`);
  }
}
