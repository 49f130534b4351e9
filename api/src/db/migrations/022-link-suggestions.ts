/**
 * Link suggestions (issue 31):
 * - `link_suggestion_runs`: the last suggestion job of each ordered scheme pair (source → target),
 *   who asked, when it finished, and how many source codes it looked at.
 * - `link_suggestions`: per source code of the pair, up to ten candidate target codes, best first
 *   (`rank` from 1), each with its score in [0, 1], the relation it would carry (read from source to
 *   target), and the evidence behind it (`[{kind, detail}]`). A new run of the pair replaces its rows
 *   in one transaction, so a reader sees the old candidates or the new ones, never half of each.
 * - `link_rejections`: negative mappings (SSSOM `predicate_modifier: Not`): a pair of codes an admin
 *   said is not a match. Keyed like `link_records` (the code of the scheme first in name order, then
 *   the other), so a rejection holds whichever side it was made from; a rejected pair is never
 *   suggested again.
 */
export const up = /* sql */ `
CREATE TABLE link_suggestion_runs (
  source_scheme text NOT NULL,
  target_scheme text NOT NULL,
  job_id        text NOT NULL,
  requested_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  finished_at   timestamptz NOT NULL DEFAULT now(),
  codes         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (source_scheme, target_scheme)
);

CREATE TABLE link_suggestions (
  source_scheme text NOT NULL,
  target_scheme text NOT NULL,
  source_code   text NOT NULL,
  rank          smallint NOT NULL CHECK (rank BETWEEN 1 AND 10),
  target_code   text NOT NULL,
  score         real NOT NULL CHECK (score >= 0 AND score <= 1),
  relation      text NOT NULL,
  evidence      jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (source_scheme, target_scheme, source_code, rank)
);

CREATE TABLE link_rejections (
  first_iri  text NOT NULL,
  second_iri text NOT NULL,
  relation   text,
  made_by    uuid REFERENCES users (id) ON DELETE SET NULL,
  made_at    timestamptz NOT NULL DEFAULT now(),
  comment    text,
  PRIMARY KEY (first_iri, second_iri)
);
CREATE INDEX link_rejections_second_idx ON link_rejections (second_iri);
`;
