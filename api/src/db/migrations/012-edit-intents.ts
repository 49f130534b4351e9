/**
 * Edits that span the triple store, Redis and PostgreSQL: an edit's intent is written
 * here before the store is written, and deleted in the same transaction as its audit row once the
 * edit is fully recorded. A row left behind names an edit whose revision bump, link records or
 * audit row are still to be made (see api/src/schemes/recorded-edit.ts).
 */
export const up = /* sql */ `
CREATE TABLE edit_intents (
  id         uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  schemes    text[] NOT NULL,
  record     jsonb NOT NULL
);
`;
