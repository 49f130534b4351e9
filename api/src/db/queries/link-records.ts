import type pg from 'pg';
import { manualMappingCuration } from '@og/shared/domain/link-justifications';
import { copyField, copyNullable } from '../copy-text.js';
import type { Queryable } from '../database.js';
import { TableCopy } from '../table-copy.js';

/** A link as the store keeps it: the code IRI of the scheme first in name order, then the other. */
export interface LinkEnds {
  first: string;
  second: string;
}

/** Who or what made links, and how: a user (`madeBy`) or an import (`source`), and a SEMAPV justification. */
export interface LinkMaker {
  madeBy: string | null;
  /** A crosswalk import: `crosswalk.import:{job id}:{file name}`; null for a user's link. */
  source?: string | null;
  justification?: string;
  comment?: string | null;
  /** The crosswalk set an import makes its links as (crosswalk-sets.ts). */
  setId?: string | null;
}

/** A link with its weight, when it has one (in (0, 1]), whose share it is, and its own justification when it has one. */
export interface WeightedLinkEnds extends LinkEnds {
  weight?: number | null;
  weightOf?: 'first' | 'second';
  justification?: string;
  /** Its own comment (an SSSOM row's), over the maker's. */
  comment?: string | null;
  /** The score of the suggestion it was accepted from (SSSOM's `similarity_score`), in [0, 1]; never a weight. */
  score?: number | null;
  /** When it was made, where a file says so (an SSSOM row's `mapping_date`); otherwise now. */
  madeAt?: Date | null;
}

/**
 * The links were made (or made again, e.g. with another relation) now: their records start afresh,
 * made by `maker` (manual curation unless it says otherwise). A link made again without a weight
 * keeps the one it had. `keepExisting`: links that have a record keep it as it is.
 *
 * A link of a crosswalk set made again keeps its `set_id`, but its `source` becomes the new
 * maker's (null for an admin): a set's link whose `source` is no longer the set's import is one
 * someone edited since, which taking the set back keeps (crosswalk-sets.ts).
 */
export async function recordLinksMade(db: Queryable, links: WeightedLinkEnds[], maker: LinkMaker, options: { keepExisting?: boolean } = {}): Promise<void> {
  if (links.length === 0) return;
  await insertLinkRecords(db, await linkRecordsJson(links, maker), maker, options);
}

/** Links whose records are stringified in one turn of the event loop. */
const recordsPerTurn = 5_000;

/**
 * The links' records as one JSON text (an array of arrays), for {@link insertLinkRecords}: one text
 * (stringified natively) rather than six arrays, which the driver escapes element by element in
 * JavaScript. Made {@link recordsPerTurn} links at a time, the event loop let run between: 100,000
 * records are 16 MB of JSON, which made at once would hold an all-in-one process for a good part
 * of a second.
 */
export async function linkRecordsJson(links: WeightedLinkEnds[], maker: LinkMaker): Promise<string> {
  const justification = maker.justification ?? manualMappingCuration;
  const comment = maker.comment ?? null;
  const parts: string[] = [];
  for (let start = 0; start < links.length; start += recordsPerTurn) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = JSON.stringify(
      links
        .slice(start, start + recordsPerTurn)
        .map((link) => [link.first, link.second, link.weight ?? null, link.weightOf ?? 'first', link.justification ?? justification, link.comment ?? comment, link.score ?? null, link.madeAt?.toISOString() ?? null]),
    );
    parts.push(slice.slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}

/**
 * {@link recordLinksMade} with the records as {@link linkRecordsJson} made them. The INSERT goes to
 * the connection at once (a caller can see it leave); the rows go in the primary key's order
 * (ORDER BY), which its index takes in much faster than a file's order. They are sorted byte by
 * byte (COLLATE "C"): the IRIs are ASCII, so that is the key's order, and sorting 100,000 of them
 * takes about half the time the database's own collation (C.UTF-8, compared through strcoll) does.
 */
export async function insertLinkRecords(db: Queryable, json: string, maker: LinkMaker, options: { keepExisting?: boolean } = {}): Promise<void> {
  await db.query(
    `INSERT INTO link_records (first_iri, second_iri, weight, weight_of, justification, made_by, source, comment, set_id, score, made_at)
     SELECT link->>0, link->>1, (link->>2)::float8, CASE WHEN link->>2 IS NULL THEN NULL ELSE link->>3 END, link->>4, $2, $3, link->>5, $4, (link->>6)::real,
            coalesce((link->>7)::timestamptz, now())
       FROM jsonb_array_elements($1::jsonb) AS link
      ORDER BY (link->>0) COLLATE "C", (link->>1) COLLATE "C"
     ON CONFLICT (first_iri, second_iri) DO ${
       options.keepExisting
         ? 'NOTHING'
         : `UPDATE SET made_at = EXCLUDED.made_at, made_by = EXCLUDED.made_by, source = EXCLUDED.source, justification = EXCLUDED.justification,
                       comment = EXCLUDED.comment, score = EXCLUDED.score, weight = coalesce(EXCLUDED.weight, link_records.weight),
                       weight_of = CASE WHEN EXCLUDED.weight IS NULL THEN link_records.weight_of ELSE EXCLUDED.weight_of END, confirmed_at = NULL`
     }`,
    [json, maker.madeBy, maker.source ?? null, maker.setId ?? null],
  );
}

/** The columns a COPY of link records gives, in the order {@link LinkRecordLines} writes them. */
const linkRecordColumns = 'first_iri, second_iri, weight, weight_of, justification, comment, score, made_at, made_by, source, set_id';

/**
 * Links' records as COPY text lines for {@link copyLinkRecordLines}, made by `maker` at `now` (the
 * transaction's time, for a link the file gives no date). A value the line before had (a link's
 * first code, its justification) is escaped once. Kept between calls: a set's links are written a
 * piece at a time.
 */
class LinkRecordLines {
  private readonly makerJustification: string;
  private readonly makerComment: string;
  /** The maker's columns, the same on every line. */
  private readonly makerColumns: string;
  private first = '';
  private firstField = '';
  private justification: string;
  private justificationField: string;

  constructor(
    maker: LinkMaker,
    private readonly now: string,
  ) {
    this.makerJustification = this.justification = maker.justification ?? manualMappingCuration;
    this.justificationField = copyField(this.justification);
    this.makerComment = copyNullable(maker.comment);
    this.makerColumns = `${copyNullable(maker.madeBy)}\t${copyNullable(maker.source)}\t${copyNullable(maker.setId)}`;
  }

  /** The lines of `links[start]` up to (not including) `links[end]`. */
  text(links: readonly WeightedLinkEnds[], start = 0, end = links.length): string {
    let text = '';
    for (let index = start; index < end; index++) {
      const link = links[index]!;
      if (link.first !== this.first) this.firstField = copyField((this.first = link.first));
      const justification = link.justification ?? this.makerJustification;
      if (justification !== this.justification) this.justificationField = copyField((this.justification = justification));
      const weight = link.weight ?? null;
      const comment = link.comment === null || link.comment === undefined ? this.makerComment : copyField(link.comment);
      const madeAt = link.madeAt ? link.madeAt.toISOString() : this.now;
      text += `${this.firstField}\t${copyField(link.second)}\t${weight === null ? '\\N\t\\N' : `${weight}\t${link.weightOf ?? 'first'}`}\t${this.justificationField}\t${comment}\t${copyNullable(link.score)}\t${madeAt}\t${this.makerColumns}\n`;
    }
    return text;
  }
}

/** Links whose COPY lines are made in one turn of the event loop. */
const copyLinesPerTurn = 2_500;

/** {@link LinkRecordLines} of the links in pieces of {@link copyLinesPerTurn}, the event loop let run between. */
async function* linkRecordPieces(links: WeightedLinkEnds[], maker: LinkMaker, now: string): AsyncGenerator<Buffer> {
  const lines = new LinkRecordLines(maker, now);
  for (let start = 0; start < links.length; start += copyLinesPerTurn) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    yield Buffer.from(lines.text(links, start, Math.min(start + copyLinesPerTurn, links.length)));
  }
}

/** Records new links made by `maker` by a COPY ({@link copyLinkRecordLines}); a link the file gives no date is made at the transaction's time. */
export async function copyLinkRecords(client: pg.PoolClient, links: WeightedLinkEnds[], maker: LinkMaker): Promise<void> {
  if (links.length === 0) return;
  const now = (await client.query<{ now: Date }>('SELECT now()')).rows[0]!.now.toISOString();
  await copyLinkRecordLines(client, linkRecordPieces(links, maker, now));
}

/**
 * Records new links as {@link recordLinksMade} does with `keepExisting`, by a COPY of their
 * records' lines ({@link LinkRecordLines}) into `link_records`, each piece written as it comes: a
 * fraction of the INSERT's time for a large set (no JSON to build or parse, no speculative
 * insertion per row); lines in the primary key's order (byte by byte) go in fastest. A COPY
 * cannot pass over a key held already, which only a link the store lacks but Postgres still
 * records can hold: then the COPY is taken back (to a savepoint), the lines go into a temporary
 * table by a second COPY, and from there into `link_records`, keeping any record held as it is.
 * The caller holds the transaction.
 */
async function copyLinkRecordLines(client: pg.PoolClient, pieces: AsyncIterable<Buffer>): Promise<void> {
  await client.query('SAVEPOINT link_records_copy');
  const copy = new TableCopy(client, `COPY link_records (${linkRecordColumns}) FROM STDIN`);
  // Kept until the COPY is over: the fallback writes them all again (a COPY Postgres refused takes no more writes, but the loop still reads every piece).
  const written: Buffer[] = [];
  try {
    for await (const piece of pieces) {
      written.push(piece);
      copy.write(piece);
    }
    await copy.end();
    await client.query('RELEASE SAVEPOINT link_records_copy');
  } catch (error) {
    await copy.abort();
    if ((error as { code?: string }).code !== '23505') throw error;
    await client.query('ROLLBACK TO SAVEPOINT link_records_copy');
    await client.query('CREATE TEMPORARY TABLE link_records_in (LIKE link_records) ON COMMIT DROP');
    const again = new TableCopy(client, `COPY link_records_in (${linkRecordColumns}) FROM STDIN`);
    try {
      for (const piece of written) again.write(piece);
      await again.end();
    } catch (copyError) {
      await again.abort();
      throw copyError;
    }
    await client.query(
      `INSERT INTO link_records (${linkRecordColumns})
       SELECT ${linkRecordColumns} FROM link_records_in ORDER BY first_iri COLLATE "C", second_iri COLLATE "C"
       ON CONFLICT (first_iri, second_iri) DO NOTHING`,
    );
    await client.query('DROP TABLE link_records_in');
  }
}

/** A link's facts as its record keeps them. */
export interface LinkFacts {
  weight: number | null;
  /** Whose share the weight is: the first code's or the second's (null without a weight). */
  weightOf: 'first' | 'second' | null;
  madeBy: string | null;
  source: string | null;
  madeAt: Date;
  justification: string;
  comment: string | null;
  /** The crosswalk set that made it, when one did. */
  setId: string | null;
  /** The score of the suggestion an admin accepted it from (absent or null: not a suggestion's). */
  score?: number | null;
}

/** The facts of the given links (those without a record left out), keyed `first second`. */
export async function findLinkFacts(db: Queryable, links: LinkEnds[]): Promise<Map<string, LinkFacts>> {
  const facts = new Map<string, LinkFacts>();
  if (links.length === 0) return facts;
  const result = await db.query<{ first_iri: string; second_iri: string; weight: number | null; weight_of: 'first' | 'second' | null; made_by: string | null; source: string | null; made_at: Date; justification: string; comment: string | null; set_id: string | null; score: number | null }>(
    `SELECT r.first_iri, r.second_iri, r.weight, r.weight_of, r.made_by, r.source, r.made_at, r.justification, r.comment, r.set_id, r.score
       FROM link_records r JOIN unnest($1::text[], $2::text[]) AS asked (first_iri, second_iri) USING (first_iri, second_iri)`,
    [links.map((link) => link.first), links.map((link) => link.second)],
  );
  for (const row of result.rows) {
    facts.set(`${row.first_iri} ${row.second_iri}`, {
      weight: row.weight,
      weightOf: row.weight_of,
      madeBy: row.made_by,
      source: row.source,
      madeAt: row.made_at,
      justification: row.justification,
      comment: row.comment,
      setId: row.set_id,
      score: row.score,
    });
  }
  return facts;
}

/** The links are gone. */
export async function forgetLinks(db: Queryable, links: LinkEnds[]): Promise<void> {
  if (links.length === 0) return;
  await db.query('DELETE FROM link_records WHERE (first_iri, second_iri) IN (SELECT * FROM unnest($1::text[], $2::text[]))', [
    links.map((link) => link.first),
    links.map((link) => link.second),
  ]);
}

/** Every link of a code to codes under `otherPrefix` is gone. */
export async function forgetLinksOf(db: Queryable, code: string, otherPrefix: string): Promise<void> {
  await db.query(
    `DELETE FROM link_records WHERE (first_iri = $1 AND starts_with(second_iri, $2)) OR (second_iri = $1 AND starts_with(first_iri, $2))`,
    [code, otherPrefix],
  );
}

/**
 * A change of link records that an edit makes once the store has it, kept as data so that it can be made later (./edit-intents.ts).
 * Links an admin made are manual curation unless `justification` says how they were found (an
 * accepted suggestion: lexical or composite matching, with its `score`).
 */
export type LinkRecordsChange =
  | { made: LinkEnds[]; madeBy: string | null; justification?: string; score?: number }
  | { forget: LinkEnds[] }
  | { forgetOf: { code: string; otherPrefix: string } };

export async function applyLinkRecordsChange(db: Queryable, change: LinkRecordsChange): Promise<void> {
  if ('made' in change) {
    const made = change.score === undefined ? change.made : change.made.map((link) => ({ ...link, score: change.score }));
    await recordLinksMade(db, made, { madeBy: change.madeBy, justification: change.justification ?? manualMappingCuration });
  }
  else if ('forget' in change) await forgetLinks(db, change.forget);
  else await forgetLinksOf(db, change.forgetOf.code, change.forgetOf.otherPrefix);
}

/** An admin looked at the link after its codes changed and kept it. Answers whether there was such a link. */
export async function confirmLink(db: Queryable, link: LinkEnds): Promise<boolean> {
  const result = await db.query('UPDATE link_records SET confirmed_at = now() WHERE first_iri = $1 AND second_iri = $2', [link.first, link.second]);
  return (result.rowCount ?? 0) > 0;
}

/** A change of one code of a link, after the link was made or last confirmed. */
export interface LinkCodeChange {
  first: string;
  second: string;
  madeAt: Date;
  /** The changed code's IRI. */
  code: string;
  at: Date;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The code edits (update, move) made to either code of a pair's links since each link was made or confirmed, oldest first. */
export async function findChangesSinceLinked(db: Queryable, firstPrefix: string, secondPrefix: string): Promise<LinkCodeChange[]> {
  const result = await db.query<{ first_iri: string; second_iri: string; made_at: Date; subject: string; at: Date; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT r.first_iri, r.second_iri, r.made_at, a.subject, a.at, a.action, a.before, a.after
       FROM link_records r
       JOIN audit_log a ON a.subject IN (r.first_iri, r.second_iri)
                       AND a.action IN ('code.update', 'code.move')
                       AND a.at > coalesce(r.confirmed_at, r.made_at)
      WHERE starts_with(r.first_iri, $1) AND starts_with(r.second_iri, $2)
      ORDER BY a.at, a.id`,
    [firstPrefix, secondPrefix],
  );
  return result.rows.map((row) => ({
    first: row.first_iri,
    second: row.second_iri,
    madeAt: row.made_at,
    code: row.subject,
    at: row.at,
    action: row.action,
    before: row.before,
    after: row.after,
  }));
}
