import type { Queryable } from '../database.js';

/**
 * The weights links carry (`link_records.weight`, with `weight_of` naming whose share it is), read
 * for conversions: every weighted link with an end under one of the given code prefixes, keyed
 * `{from IRI} {to IRI}` with the weight as a share of `from` (a link is keyed once, from the code
 * whose share its weight is).
 */
export async function findLinkWeights(db: Queryable, codePrefixes: readonly string[]): Promise<Map<string, number>> {
  const weights = new Map<string, number>();
  if (codePrefixes.length === 0) return weights;
  const result = await db.query<{ first_iri: string; second_iri: string; weight: number; weight_of: 'first' | 'second' }>(
    `SELECT r.first_iri, r.second_iri, r.weight, r.weight_of FROM link_records r
      WHERE r.weight IS NOT NULL
        AND EXISTS (SELECT 1 FROM unnest($1::text[]) AS p (prefix) WHERE starts_with(r.first_iri, p.prefix) OR starts_with(r.second_iri, p.prefix))`,
    [codePrefixes],
  );
  for (const row of result.rows) {
    weights.set(row.weight_of === 'first' ? `${row.first_iri} ${row.second_iri}` : `${row.second_iri} ${row.first_iri}`, row.weight);
  }
  return weights;
}

/**
 * How many links from a code under one of `sourcePrefixes` to a code under `targetPrefix` carry a
 * weight as a share of the source code (the pair's links are stored with the IRIs in name order, so
 * either end may be the source).
 */
export async function countWeightedLinks(db: Queryable, sourcePrefixes: readonly string[], targetPrefix: string): Promise<number> {
  if (sourcePrefixes.length === 0) return 0;
  const result = await db.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM link_records r, unnest($1::text[]) AS p (prefix)
      WHERE r.weight IS NOT NULL
        AND ((r.weight_of = 'first' AND starts_with(r.first_iri, p.prefix) AND starts_with(r.second_iri, $2))
          OR (r.weight_of = 'second' AND starts_with(r.second_iri, p.prefix) AND starts_with(r.first_iri, $2)))`,
    [sourcePrefixes, targetPrefix],
  );
  return Number(result.rows[0]?.count ?? 0);
}
