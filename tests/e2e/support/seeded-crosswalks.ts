import fs from 'node:fs';
import path from 'node:path';
import { type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import Papa from 'papaparse';
import pg from 'pg';
import type { AppProcess } from './app-process.js';

/** The real data the app seeds from on its first start (its default SEED_DIR). */
export const seedDataDir = path.resolve(import.meta.dirname, '../../../../shared/data');

export interface SeededCrosswalk {
  file: string;
  source: SchemeId;
  target: SchemeId;
}

/**
 * The crosswalks a first start imports, as api/src/links/seed-crosswalks.ts picks them: every
 * `crosswalks/{a}-{b}.csv` of the data whose `a` and `b` are two schemes of the app.
 */
export function seededCrosswalks(): SeededCrosswalk[] {
  const found: SeededCrosswalk[] = [];
  for (const source of schemeIds) {
    for (const target of schemeIds) {
      const file = `${source}-${target}.csv`;
      if (source !== target && fs.existsSync(path.join(seedDataDir, 'crosswalks', file))) found.push({ file, source, target });
    }
  }
  return found;
}

const rowsOf = new Map<string, Record<string, string>[]>();
function crosswalkRows(file: string): Record<string, string>[] {
  let rows = rowsOf.get(file);
  if (!rows) {
    rows = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(seedDataDir, 'crosswalks', file), 'utf8'), { header: true, skipEmptyLines: true }).data;
    rowsOf.set(file, rows);
  }
  return rows;
}

/** The codes a code is linked to by the seeded crosswalks' rows (each once), read from the files. */
export function seededLinksOf(scheme: SchemeId, code: string): { scheme: SchemeId; code: string }[] {
  const linked = new Map<string, { scheme: SchemeId; code: string }>();
  const add = (other: SchemeId, value: string | undefined) => {
    if (value) linked.set(`${other}\u0000${value}`, { scheme: other, code: value });
  };
  for (const crosswalk of seededCrosswalks()) {
    if (crosswalk.source !== scheme && crosswalk.target !== scheme) continue;
    for (const row of crosswalkRows(crosswalk.file)) {
      if (crosswalk.source === scheme && row.source_code === code) add(crosswalk.target, row.target_code);
      if (crosswalk.target === scheme && row.target_code === code) add(crosswalk.source, row.source_code);
    }
  }
  return [...linked.values()];
}

/**
 * Waits until every crosswalk the first start seeds has been imported: each is a job queued
 * before the app answers (`crosswalk.import-seed-{a}-{b}`), so a page read after this sees all
 * their links. Throws if one failed or they take longer than `timeoutMs`.
 */
export async function waitForSeededCrosswalks(app: AppProcess, timeoutMs = 300_000): Promise<void> {
  const expected = seededCrosswalks().length;
  const db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    for (const deadline = Date.now() + timeoutMs; ; ) {
      const { rows } = await db.query<{ id: string; state: string }>("SELECT id, state FROM job_runs WHERE starts_with(id, 'crosswalk.import-seed-')");
      if (rows.length >= expected && rows.every((row) => row.state === 'completed')) return;
      if (rows.some((row) => row.state === 'failed') || Date.now() > deadline) throw new Error(`The ${expected} seeded crosswalks did not land: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await db.end();
  }
}
