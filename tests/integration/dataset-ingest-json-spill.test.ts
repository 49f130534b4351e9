import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { datasetMetadata } from '../../shared/src/contracts/datasets.js';
import { ingestDataset } from '../../workers/src/dataset-ingest/ingest-dataset.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

// The JSON form, like the CSV one, counts a row again once the grouping, full, was written out.
let env: TestEnvironment;
let ownerId: string;

beforeAll(async () => {
  env = await startTestEnvironment();
  ownerId = (await env.addUser('jo', 'member')).id;
});
afterAll(async () => {
  await env?.close();
});

it('reads a JSON upload whose distinct rows outgrow the grouping memory, every row counted once', async () => {
  const expected = new Map<string, { occurrences: number; total: number }>();
  const lines: string[] = [];
  for (let row = 0; row < 40_000; row++) {
    const title = `title ${(row * 7_919) % 15_000}`;
    const code = String(row % 2);
    lines.push(JSON.stringify({ title, code, totals: [row % 7] }));
    const key = `${title}\t${code}`;
    const pair = expected.get(key) ?? { occurrences: 0, total: 0 };
    expected.set(key, { occurrences: pair.occurrences + 1, total: pair.total + (row % 7) });
  }
  const datasetId = crypto.randomUUID();
  const file = path.join(env.config.dataDir, 'uploads', `${datasetId}.jsonl`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, lines.join('\n') + '\n');
  const metadata = datasetMetadata.parse({ title: 'JSON spill', titleColumn: 'title', codeColumn: 'code', totalsColumns: ['n'] });
  await env.app.db.query(`INSERT INTO datasets (id, owner_id, title, metadata) VALUES ($1, $2, $3, $4)`, [datasetId, ownerId, metadata.title, JSON.stringify(metadata)]);

  const phases: string[] = [];
  const result = await ingestDataset(
    env.app.db,
    { datasetId, path: file, format: 'json' },
    { groupBytes: 256 * 1024, report: async (progress) => void phases.push(`${progress.phase}: ${progress.message ?? ''}`) },
  );

  expect(result).toMatchObject({ rows: 40_000, titles: expected.size });
  expect(phases).toContainEqual(expect.stringMatching(/^grouping: 40,000 rows, [1-9][\d,]* lines to add up$/));
  const stored = await env.app.db.query<{ title: string; code: string; occurrences: string; total: string }>(
    'SELECT title, code, occurrences, totals[1] AS total FROM dataset_titles WHERE dataset_id = $1',
    [datasetId],
  );
  expect(new Map(stored.rows.map((row) => [`${row.title}\t${row.code}`, { occurrences: Number(row.occurrences), total: Number(row.total) }]))).toEqual(expected);
});
