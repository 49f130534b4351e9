/**
 * When each link was made (and by whom), and when an admin last confirmed it: a link is stale when
 * one of its codes changed afterwards (the audit log's code edits say what and when). Keyed like the
 * store keeps links: the code of the scheme first in name order, then the other.
 */
export const up = /* sql */ `
CREATE TABLE link_records (
  first_iri    text NOT NULL,
  second_iri   text NOT NULL,
  made_at      timestamptz NOT NULL DEFAULT now(),
  made_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  confirmed_at timestamptz,
  PRIMARY KEY (first_iri, second_iri)
);
CREATE INDEX link_records_second_idx ON link_records (second_iri);
`;
