/**
 * Double coding (issue 30): `prediction_second_opinions`, one row per entry of a set offered for a
 * second opinion.
 *
 * The first mapping is kept as it was when the entry was offered (its codes, tags, version and
 * who saved it), so the agreement compares what the second reviewer coded blind against what they
 * could not see, and says when the entry changed since. The second reviewer's coding is kept
 * here and never changes the entry's mapping; an adjudication (who, when, which codes) changes
 * the entry through the review's save, so the mapping log and the counts stay right. `draw` is a
 * random key fixed at offering: the order the entries are offered in.
 */
export const up = /* sql */ `
CREATE TABLE prediction_second_opinions (
  set_id                 uuid NOT NULL REFERENCES prediction_sets (id) ON DELETE CASCADE,
  string                 text COLLATE "C" NOT NULL,
  draw                   double precision NOT NULL DEFAULT random(),
  offered_by             uuid REFERENCES users (id) ON DELETE SET NULL,
  offered_at             timestamptz NOT NULL DEFAULT now(),
  first_reviewer         uuid REFERENCES users (id) ON DELETE SET NULL,
  first_node_uris        text[] NOT NULL,
  first_prediction_uris  text[] NOT NULL,
  first_tags             text[] NOT NULL DEFAULT '{}',
  first_version          integer NOT NULL,
  second_reviewer        uuid REFERENCES users (id) ON DELETE SET NULL,
  second_node_uris       text[],
  second_prediction_uris text[],
  second_tags            text[],
  answered_at            timestamptz,
  decided_by             uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at             timestamptz,
  decision_uris          text[],
  PRIMARY KEY (set_id, string)
);
CREATE INDEX prediction_second_opinions_pending_idx ON prediction_second_opinions (set_id, draw) WHERE answered_at IS NULL;
`;
