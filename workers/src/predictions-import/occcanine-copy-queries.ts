import pg from 'pg';
import type { Queryable } from '@og/api/db/database';
import { predictionCellCodesTable, predictionOtherTitlesTable, predictionRawTable, predictionStagingTable } from '@og/api/db/queries/prediction-sets';

/**
 * The statements of an OccCANINE CSV read by Postgres itself (occcanine-copy.ts): the file's rows
 * copied as they are into a table of text columns, then turned into the import's staging lines
 * (one per row with a title: its title, normalised title, predictions and best confidence) by
 * the rules the JavaScript reader follows (api/src/predictions/prediction-file/occcanine-csv.ts,
 * prediction-codes.ts), with the codes matched once per distinct cell.
 */

const identifier = (name: string) => pg.escapeIdentifier(name);
const literal = (value: string) => pg.escapeLiteral(value);

/** What JavaScript's `trim()` removes (ECMAScript WhiteSpace and LineTerminator), for btrim(). */
const jsWhitespace = literal('\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff');

const column = (index: number) => `c${index}`;
/** A cell as `cellText` reads it: trimmed, '' when absent. */
const cell = (index: number) => `btrim(COALESCE(r.${column(index)}, ''), ${jsWhitespace})`;

/** Creates the raw table (the file's rows as written, one text column per header column, numbered in file order); answers its COPY statement (CSV with a header line, the given delimiter). */
export async function createRawTable(db: Queryable, setId: string, columns: number, delimiter: string): Promise<string> {
  const table = identifier(predictionRawTable(setId));
  const names = Array.from({ length: columns }, (_, index) => column(index));
  await db.query(
    `CREATE UNLOGGED TABLE ${table} (pos bigint GENERATED ALWAYS AS IDENTITY (CACHE 10000), ${names.map((name) => `${name} text`).join(', ')})
     WITH (autovacuum_enabled = false)`,
  );
  return `COPY ${table} (${names.join(', ')}) FROM STDIN (FORMAT csv, HEADER true, DELIMITER ${literal(delimiter)}, ENCODING 'UTF8')`;
}

/** The distinct values (as written) of the code columns. */
export async function distinctCodeCells(db: Queryable, setId: string, codeColumns: number[]): Promise<string[]> {
  const values = codeColumns.map((index) => `(r.${column(index)})`).join(', ');
  const result = await db.query<{ value: string }>(
    `SELECT DISTINCT v.value FROM ${identifier(predictionRawTable(setId))} r CROSS JOIN LATERAL (VALUES ${values}) AS v(value) WHERE v.value IS NOT NULL`,
  );
  return result.rows.map((row) => row.value);
}

/** The letters a language prefix (`en[SEP]`) is made of. */
const prefixLetters = literal('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');

/**
 * The title of a row as `titleOf` reads it: trimmed, without the model's `lang[SEP]` prefix (one
 * to eight letters, after any leading space), trimmed again. Found with strpos and ltrim rather
 * than a regular expression's replace, which is the costlier per row.
 */
const titleExpression = (titleColumn: number) => {
  const written = `COALESCE(r.${column(titleColumn)}, '')`;
  const sep = `strpos(${written}, '[SEP]')`;
  const prefix = `ltrim(left(${written}, ${sep} - 1), ${jsWhitespace})`;
  return `CASE WHEN ${sep} > 1 AND length(${prefix}) BETWEEN 1 AND 8 AND ltrim(${prefix}, ${prefixLetters}) = ''
               THEN btrim(substr(${written}, ${sep} + 5), ${jsWhitespace}) ELSE btrim(${written}, ${jsWhitespace}) END`;
};

/**
 * `normaliseTitle` of a printable-ASCII title (null for any other: those are normalised in
 * JavaScript). A title of letters and digits in single-spaced words (most) is only lowercased;
 * only the others go through the replace, the costliest step.
 */
const asciiNorm = `CASE WHEN r.title COLLATE "C" ~ '^[A-Za-z0-9]+( [A-Za-z0-9]+)*$' THEN lower(r.title COLLATE "C")
                        WHEN r.title COLLATE "C" ~ '^[ -~]*$' THEN btrim(regexp_replace(lower(r.title COLLATE "C"), '[^a-z0-9]+', ' ', 'g'), ' ') END`;

/**
 * The distinct staged titles without a normalised form (not printable ASCII), numbered, in a
 * table of the import's: their normalised forms are made in JavaScript. Answers how many.
 */
export async function collectOtherTitles(db: Queryable, setId: string): Promise<number> {
  const table = identifier(predictionOtherTitlesTable(setId));
  await db.query(`DROP TABLE IF EXISTS ${table}`);
  const created = await db.query(
    `CREATE UNLOGGED TABLE ${table} WITH (autovacuum_enabled = false) AS
     SELECT row_number() OVER () AS id, string AS title, NULL::text AS norm
       FROM (SELECT DISTINCT string FROM ${identifier(predictionStagingTable(setId))} WHERE norm IS NULL) titles`,
  );
  await db.query(`CREATE INDEX ON ${table} (id)`);
  return created.rowCount ?? 0;
}

export async function otherTitles(db: Queryable, setId: string, from: number, to: number): Promise<{ id: string; title: string }[]> {
  return (await db.query<{ id: string; title: string }>(`SELECT id::text, title FROM ${identifier(predictionOtherTitlesTable(setId))} WHERE id > $1 AND id <= $2`, [from, to])).rows;
}

export async function setOtherNorms(db: Queryable, setId: string, ids: string[], norms: string[]): Promise<void> {
  await db.query(`UPDATE ${identifier(predictionOtherTitlesTable(setId))} o SET norm = n.norm FROM unnest($1::bigint[], $2::text[]) AS n(id, norm) WHERE o.id = n.id`, [ids, norms]);
}

/** Gives the staged lines without a normalised form the ones JavaScript made for their titles. */
export async function stageOtherNorms(db: Queryable, setId: string): Promise<void> {
  await db.query(
    `UPDATE ${identifier(predictionStagingTable(setId))} s SET norm = o.norm
       FROM ${identifier(predictionOtherTitlesTable(setId))} o WHERE s.norm IS NULL AND s.string = o.title`,
  );
}

/** The codes of each distinct code cell: its predictions' URIs (JSON text; null: no code), and how many of them its scheme lacks. */
export async function storeCellCodes(db: Queryable, setId: string, cells: { cell: string; uris: string[] | null; unknown: number }[]): Promise<void> {
  const table = identifier(predictionCellCodesTable(setId));
  await db.query(`DROP TABLE IF EXISTS ${table}`);
  await db.query(`CREATE UNLOGGED TABLE ${table} (cell text PRIMARY KEY, uris text, unknown integer NOT NULL) WITH (autovacuum_enabled = false)`);
  await db.query(
    `INSERT INTO ${table} (cell, uris, unknown) SELECT cell, uris, unknown FROM unnest($1::text[], $2::text[], $3::int[]) AS c(cell, uris, unknown)`,
    [cells.map((entry) => entry.cell), cells.map((entry) => (entry.uris ? JSON.stringify(entry.uris) : null)), cells.map((entry) => entry.unknown)],
  );
  await db.query(`ANALYZE ${table}`);
}

/** The raw rows after one position up to another, or to the end (null); positions count the file's rows from 1. */
export interface RowRange {
  after: number;
  upTo: number | null;
}

/** A wide slot: its code column, probability column and description column (-1: none). */
export interface WideSlot {
  code: number;
  probability: number;
  description: number;
}

const slotParts = (setId: string, slots: WideSlot[]) =>
  slots.map((slot, index) => {
    const k = index + 1;
    const probability = cell(slot.probability);
    const filled = slot.description >= 0 ? `NOT (${probability} = '' AND ${cell(slot.description)} ~* '^no pred$')` : 'true';
    const read = `(k${k}.uris IS NOT NULL AND ${filled})`;
    return {
      k,
      join: `LEFT JOIN ${identifier(predictionCellCodesTable(setId))} k${k} ON k${k}.cell = r.${column(slot.code)}`,
      read,
      uris: `k${k}.uris`,
      // Only digits, '.', an exponent and a leading '+' pass to the cast, which fails on any other
      // arrangement of them (`1.2.3`, `e5`, `1-2`) as readProbability's pattern does; a value above 1 fails too.
      conf: `CASE WHEN ${read} THEN (CASE WHEN ${probability} ~ '^[0-9.+][0-9.eE+-]*$' AND ${probability}::float8 <= 1
                  THEN ${probability}::float8 ELSE ('not a probability: ' || ${probability})::float8 END) END`,
      unknown: `CASE WHEN ${read} THEN k${k}.unknown ELSE 0 END`,
    };
  });

/**
 * Fills the staging table from the raw rows of `options.rows`: one line per row with a title, at
 * its row's place (its normalised form null when the title is not printable ASCII: {@link
 * stageOtherNorms} fills it); per slot with codes (and not one the model left empty: no probability, `No pred`) a prediction
 * with the slot's probability; per URI list the highest confidence, most confident first (ties in
 * slot order). A row whose predictions come most confident first with no URI list twice (nearly
 * all: the model writes its slots so) has them written as they come; any other is merged and
 * sorted by a subquery. A probability that is not one fails the statement (the file is then read by
 * the JavaScript reader, which names its line). Answers the lines staged.
 */
export async function stageRawRows(
  db: Queryable,
  setId: string,
  columns: { title: number; slots: WideSlot[] },
  options: { rows: RowRange },
): Promise<number> {
  const slots = slotParts(setId, columns.slots);
  // In a first step each slot's URIs (null when not read) and confidence; then the predictions.
  const read = slots.map((slot) => `CASE WHEN ${slot.read} THEN ${slot.uris} END AS u${slot.k}, ${slot.conf} AS c${slot.k}`).join(',\n              ');
  const inOrder = slots
    .flatMap((a) => slots.filter((b) => b.k > a.k).map((b) => `(s.u${b.k} IS NULL OR s.u${a.k} IS NULL OR (s.c${b.k} <= s.c${a.k} AND s.u${b.k} <> s.u${a.k}))`))
    .join(' AND ');
  const written = `('[' || concat_ws(',', ${slots.map((slot) => `'{"uris":' || s.u${slot.k} || ',"conf":' || s.c${slot.k}::text || '}'`).join(', ')}) || ']')::jsonb`;
  const merged = `(SELECT COALESCE(jsonb_agg(jsonb_build_object('uris', g.uris::jsonb, 'conf', to_jsonb(g.conf)) ORDER BY g.conf DESC NULLS LAST, g.k), '[]'::jsonb)
                    FROM (SELECT v.uris, max(v.conf) AS conf, min(v.k) AS k
                            FROM (VALUES ${slots.map((slot) => `(${slot.k}, s.u${slot.k}, s.c${slot.k})`).join(', ')}) AS v(k, uris, conf)
                           WHERE v.uris IS NOT NULL GROUP BY v.uris) g)`;
  const staged = await db.query(
    `INSERT INTO ${identifier(predictionStagingTable(setId))} (pos, string, norm, predictions, best_conf, context)
     SELECT s.pos, s.title, s.norm, ${inOrder ? `CASE WHEN ${inOrder} THEN ${written} ELSE ${merged} END` : written},
            COALESCE(GREATEST(${slots.map((slot) => `s.c${slot.k}`).join(', ')}), 0), NULL
       FROM (SELECT r.pos, r.title, ${asciiNorm} AS norm,
              ${read}
               FROM (SELECT r.*, ${titleExpression(columns.title)} AS title FROM ${identifier(predictionRawTable(setId))} r WHERE r.pos > ${options.rows.after}${options.rows.upTo === null ? '' : ` AND r.pos <= ${options.rows.upTo}`} OFFSET 0) r
               ${slots.map((slot) => slot.join).join('\n               ')}
              WHERE r.title <> '' OFFSET 0) s`,
  );
  return staged.rowCount ?? 0;
}

/** The codes met that their scheme lacks, counted as the JavaScript reader counts them: per URI of each prediction of each entry. */
export async function countUnknownCodes(db: Queryable, setId: string, columns: { title: number; slots: WideSlot[] }): Promise<number> {
  const slots = slotParts(setId, columns.slots);
  const result = await db.query<{ unknown: string | null }>(
    `SELECT sum(${slots.map((slot) => `COALESCE(${slot.unknown}, 0)`).join(' + ')}) AS unknown
       FROM ${identifier(predictionRawTable(setId))} r
       CROSS JOIN LATERAL (SELECT ${titleExpression(columns.title)} AS title) t
       ${slots.map((slot) => slot.join).join('\n       ')}
      WHERE t.title <> ''`,
  );
  return Number(result.rows[0]?.unknown ?? 0);
}

/** Empties the staging table of what a failed reading staged (one lane may have finished before the other failed). */
export async function emptyStaging(db: Queryable, setId: string): Promise<void> {
  await db.query(`TRUNCATE ${identifier(predictionStagingTable(setId))}`);
}

export async function dropRawTable(db: Queryable, setId: string): Promise<void> {
  await db.query(`DROP TABLE IF EXISTS ${identifier(predictionRawTable(setId))}`);
  await db.query(`DROP TABLE IF EXISTS ${identifier(predictionCellCodesTable(setId))}`);
  await db.query(`DROP TABLE IF EXISTS ${identifier(predictionOtherTitlesTable(setId))}`);
}
