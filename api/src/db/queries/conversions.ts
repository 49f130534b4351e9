import type { Aggregation, TargetDepth, Weighting } from '@og/shared/contracts/conversions';
import { type Database, inTransaction, type Queryable } from '../database.js';
import type { DatasetViewer } from './datasets.js';

export interface ConversionRow {
  id: string;
  dataset_id: string;
  dataset_title: string;
  prediction_set_id: string | null;
  prediction_set_name: string | null;
  owner_id: string | null;
  target_scheme: string;
  target_depth: TargetDepth;
  aggregation: Aggregation;
  weighting: Weighting;
  reference_dataset_id: string | null;
  source_schemes: string[];
  totals_columns: string[];
  state: 'running' | 'ready' | 'failed';
  error: string | null;
  job_id: string | null;
  summary: unknown;
  samples_read: boolean;
  created_at: Date;
}

/** A target of a source code with its whole share of the code's sums (numerics as text: exact). */
export interface StoredTarget {
  code: string;
  share: number;
  path: string;
  relation: string | null;
  occurrences: string;
  totals: string[];
  /** The link it is reached by (`scheme:value` of its start, and the linked target code's value), for the link's facts; absent through two hops. */
  link?: { start: string; target: string } | null;
}

export interface ConversionCodeRow {
  source_uri: string;
  name: string;
  occurrences: string;
  totals: string[];
  reason: string | null;
  problematic: boolean;
  original: string[];
  decision: string[] | null;
  targets: StoredTarget[];
  /** Weighting 'crosswalk': split in equal shares, as none of its links carries a weight. */
  equal_shares: boolean;
  titles: string[];
}

const columns = /* sql */ `
  c.*, d.title AS dataset_title, s.name AS prediction_set_name
  FROM conversions c JOIN datasets d ON d.id = c.dataset_id LEFT JOIN prediction_sets s ON s.id = c.prediction_set_id`;

/** A conversion is seen by whoever may see its dataset, and only while they may ($1 the viewer, $2 true for an admin). */
const visibleTo = /* sql */ `
  ($2::boolean OR d.owner_id = $1
   OR EXISTS (SELECT 1 FROM dataset_collaborators dc WHERE dc.dataset_id = d.id AND dc.user_id = $1))`;

export async function insertConversion(
  db: Queryable,
  conversion: {
    datasetId: string;
    predictionSetId: string | null;
    ownerId: string;
    targetScheme: string;
    targetDepth: TargetDepth;
    aggregation: Aggregation;
    weighting: Weighting;
    referenceDatasetId: string | null;
    totalsColumns: string[];
    jobId: string;
  },
): Promise<{ id: string; created: boolean }> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO conversions (dataset_id, prediction_set_id, owner_id, target_scheme, target_depth, aggregation, weighting, reference_dataset_id, totals_columns, job_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (job_id) DO NOTHING RETURNING id`,
    [
      conversion.datasetId,
      conversion.predictionSetId,
      conversion.ownerId,
      conversion.targetScheme,
      conversion.targetDepth,
      conversion.aggregation,
      conversion.weighting,
      conversion.referenceDatasetId,
      conversion.totalsColumns,
      conversion.jobId,
    ],
  );
  // The same request at once: the conversion the other one made.
  if (result.rows[0]) return { id: result.rows[0].id, created: true };
  return { id: (await findConversionByJobId(db, conversion.jobId))!.id, created: false };
}

export async function findConversion(db: Queryable, id: string): Promise<ConversionRow | null> {
  const result = await db.query<ConversionRow>(`SELECT ${columns} WHERE c.id = $1`, [id]);
  return result.rows[0] ?? null;
}

export async function findConversionByJobId(db: Queryable, jobId: string): Promise<ConversionRow | null> {
  const result = await db.query<ConversionRow>(`SELECT ${columns} WHERE c.job_id = $1`, [jobId]);
  return result.rows[0] ?? null;
}

/** The conversion if the viewer may see it (unknown and hidden look the same). */
export async function findVisibleConversion(db: Queryable, id: string, viewer: DatasetViewer): Promise<ConversionRow | null> {
  const result = await db.query<ConversionRow>(`SELECT ${columns} WHERE c.id = $3 AND ${visibleTo}`, [viewer.id, viewer.role === 'admin', id]);
  return result.rows[0] ?? null;
}

/** The viewer's own conversions and those of datasets they may see, newest first. */
export async function listVisibleConversions(db: Queryable, viewer: DatasetViewer): Promise<ConversionRow[]> {
  const result = await db.query<ConversionRow>(`SELECT ${columns} WHERE ${visibleTo} ORDER BY c.created_at DESC, c.id DESC LIMIT 500`, [viewer.id, viewer.role === 'admin']);
  return result.rows;
}

export async function deleteConversionRow(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM conversions WHERE id = $1', [id]);
}

/** The job's result: the source codes' rows replace any earlier attempt's, and the conversion is ready, at once. */
export async function storeConversionCodes(db: Database, id: string, rows: Omit<ConversionCodeRow, 'titles'>[], sourceSchemes: string[], summary: unknown): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query('DELETE FROM conversion_codes WHERE conversion_id = $1', [id]);
    for (let from = 0; from < rows.length; from += 2_000) {
      await client.query(
        `INSERT INTO conversion_codes (conversion_id, source_uri, name, occurrences, totals, reason, problematic, original, decision, targets, equal_shares)
         SELECT $1, r.source_uri, r.name, r.occurrences, r.totals, r.reason, r.problematic, r.original, r.decision, r.targets, r.equal_shares
           FROM jsonb_to_recordset($2::jsonb) AS r(source_uri text, name text, occurrences numeric, totals numeric[], reason text, problematic boolean, original text[], decision text[], targets jsonb, equal_shares boolean)`,
        [id, JSON.stringify(rows.slice(from, from + 2_000))],
      );
    }
    await client.query(`UPDATE conversions SET state = 'ready', error = NULL, summary = $2, source_schemes = $3, ready_at = now() WHERE id = $1`, [id, JSON.stringify(summary), sourceSchemes]);
  });
}

export async function markConversionFailed(db: Queryable, id: string, message: string): Promise<void> {
  await db.query(`UPDATE conversions SET state = 'failed', error = $2 WHERE id = $1`, [id, message]);
}

export async function readConversionCodes(db: Queryable, id: string): Promise<ConversionCodeRow[]> {
  const result = await db.query<ConversionCodeRow>(
    `SELECT source_uri, name, occurrences::text, totals::text[], reason, problematic, original, decision, targets, equal_shares, titles
       FROM conversion_codes WHERE conversion_id = $1`,
    [id],
  );
  return result.rows;
}

export async function readConversionCode(db: Queryable, id: string, uri: string): Promise<ConversionCodeRow | null> {
  const result = await db.query<ConversionCodeRow>(
    `SELECT source_uri, name, occurrences::text, totals::text[], reason, problematic, original, decision, targets, equal_shares, titles
       FROM conversion_codes WHERE conversion_id = $1 AND source_uri = $2`,
    [id, uri],
  );
  return result.rows[0] ?? null;
}

/** A decision (or its removal: null) and the code's new targets, with the conversion's new summary. */
export async function saveConversionDecision(
  db: Database,
  id: string,
  uri: string,
  change: { decision: string[] | null; reason: string | null; targets: StoredTarget[]; equalShares: boolean },
  summary: (codes: ConversionCodeRow[]) => unknown,
): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query('SELECT 1 FROM conversions WHERE id = $1 FOR UPDATE', [id]);
    await client.query('UPDATE conversion_codes SET decision = $3, reason = $4, targets = $5, equal_shares = $6 WHERE conversion_id = $1 AND source_uri = $2', [
      id,
      uri,
      change.decision,
      change.reason,
      JSON.stringify(change.targets),
      change.equalShares,
    ]);
    await client.query('UPDATE conversions SET summary = $2 WHERE id = $1', [id, JSON.stringify(summary(await readConversionCodes(client, id)))]);
  });
}

/**
 * Sample titles of each source code (the three most frequent), read once per conversion. A
 * prediction set's entry waiting for its second opinion is no sample: a title beside its code would
 * show its first mapping to everyone who may see the conversion.
 */
export async function storeSampleTitles(db: Queryable, conversion: ConversionRow, codeScheme: string | null): Promise<void> {
  if (conversion.prediction_set_id) {
    await db.query(
      `UPDATE conversion_codes cc SET titles = s.titles
         FROM (SELECT u.uri, (array_agg(e.string ORDER BY e.occurrences DESC, e.string))[1:3] AS titles
                 FROM prediction_entries e CROSS JOIN LATERAL unnest(e.node_uris || e.prediction_uris) AS u(uri)
                WHERE e.set_id = $2 AND e.mapped
                  AND NOT EXISTS (SELECT 1 FROM prediction_second_opinions o WHERE o.set_id = e.set_id AND o.string = e.string AND o.answered_at IS NULL)
                GROUP BY u.uri) s
        WHERE cc.conversion_id = $1 AND cc.source_uri = s.uri`,
      [conversion.id, conversion.prediction_set_id],
    );
  } else if (codeScheme) {
    await db.query(
      `UPDATE conversion_codes cc SET titles = s.titles
         FROM (SELECT $3 || ':' || code AS uri, (array_agg(title ORDER BY occurrences DESC, title))[1:3] AS titles
                 FROM dataset_titles WHERE dataset_id = $2 AND code <> '' GROUP BY code) s
        WHERE cc.conversion_id = $1 AND cc.source_uri = s.uri`,
      [conversion.id, conversion.dataset_id, codeScheme],
    );
  }
  await db.query('UPDATE conversions SET samples_read = true WHERE id = $1', [conversion.id]);
}
