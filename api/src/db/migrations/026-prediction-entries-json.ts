/**
 * A prediction entry's `predictions` stored as `json`, not `jsonb` (issue 32): Postgres only
 * checks the text of a `json` value as it takes it, where `jsonb` parses it into its binary form,
 * a large part of what an import's COPY of its entries costs Postgres. Every entry's predictions
 * are written once and read whole (the review, the exports) or their first prediction's URIs (bulk
 * accept, audits), which `json`'s operators answer as well on one entry.
 */
export const up = /* sql */ `
ALTER TABLE prediction_entries ALTER COLUMN predictions TYPE json USING predictions::json;
`;
