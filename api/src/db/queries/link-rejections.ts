import type { Queryable } from '../database.js';
import type { LinkEnds } from './link-records.js';

/**
 * Negative mappings (`link_rejections`, migration 022): pairs of codes an admin said are not a
 * match, keyed as the store keys a link (the code of the scheme first in name order, then the
 * other); `relation` is read from the first code to the second, as a stored link's is.
 */

/** A negative mapping as its row keeps it. */
export interface LinkRejectionRow {
  first_iri: string;
  second_iri: string;
  relation: string | null;
  made_by: string | null;
  made_at: Date;
  comment: string | null;
}

/** A pair said not to match: who said it, when, which relation it is not, and why. */
export interface LinkRejection extends LinkEnds {
  relation: string | null;
  madeBy: string | null;
  comment: string | null;
  /** When it was said (an imported one: when the file says, else now). */
  madeAt?: Date | null;
}

/**
 * Stores the rejections; a pair rejected already takes the new relation, comment, maker and date
 * (`keepExisting`: keeps its own, as an import does). A pair that is linked (has a link record) is
 * left out: a rejection is of an unlinked pair (an import's negated mapping of a pair the store or
 * the same file links). Answers how many rows were written.
 */
export async function saveLinkRejections(db: Queryable, rejections: LinkRejection[], options: { keepExisting?: boolean } = {}): Promise<number> {
  if (rejections.length === 0) return 0;
  const result = await db.query(
    `INSERT INTO link_rejections (first_iri, second_iri, relation, made_by, comment, made_at)
     SELECT r->>0, r->>1, r->>2, (r->>3)::uuid, r->>4, coalesce((r->>5)::timestamptz, now())
       FROM jsonb_array_elements($1::jsonb) AS r
      WHERE NOT EXISTS (SELECT 1 FROM link_records l WHERE l.first_iri = r->>0 AND l.second_iri = r->>1)
      ORDER BY 1, 2
     ON CONFLICT (first_iri, second_iri) DO ${
       options.keepExisting
         ? 'NOTHING'
         : 'UPDATE SET relation = EXCLUDED.relation, made_by = EXCLUDED.made_by, comment = EXCLUDED.comment, made_at = EXCLUDED.made_at'
     }`,
    [JSON.stringify(rejections.map((r) => [r.first, r.second, r.relation, r.madeBy, r.comment, r.madeAt?.toISOString() ?? null]))],
  );
  return result.rowCount ?? 0;
}

/** The pair is no longer rejected. Answers whether it was. */
export async function deleteLinkRejection(db: Queryable, link: LinkEnds): Promise<boolean> {
  const result = await db.query('DELETE FROM link_rejections WHERE first_iri = $1 AND second_iri = $2', [link.first, link.second]);
  return (result.rowCount ?? 0) > 0;
}

/** The rejections between codes under two IRI prefixes (the first scheme's, then the second's, in name order), in key order. */
export async function findLinkRejectionsOfPair(db: Queryable, firstPrefix: string, secondPrefix: string): Promise<LinkRejectionRow[]> {
  const result = await db.query<LinkRejectionRow>(
    `SELECT first_iri, second_iri, relation, made_by, made_at, comment FROM link_rejections
      WHERE starts_with(first_iri, $1) AND starts_with(second_iri, $2)
      ORDER BY first_iri, second_iri`,
    [firstPrefix, secondPrefix],
  );
  return result.rows;
}
