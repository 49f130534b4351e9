/**
 * A link's facts beside its relation (which the triple store keeps): its weight (SSSOM's
 * `confidence`, in (0, 1]; null when it has none) and whose share it is (`weight_of`: the `first` or
 * `second` code's, as a file's weights are shares of its source code's total), who or what made it (`made_by`, a user, or
 * `source`, a crosswalk import: `crosswalk.import:{job id}:{file name}`), how (`justification`, a
 * SEMAPV CURIE) and an optional comment. Records made before these columns existed cannot tell an
 * admin's link from an imported one: those with a user are taken for manual curation, those without
 * (the seeded crosswalk) for unspecified matching.
 */
export const up = /* sql */ `
ALTER TABLE link_records
  ADD COLUMN weight        double precision CHECK (weight > 0 AND weight <= 1),
  ADD COLUMN weight_of     text CHECK (weight_of IN ('first', 'second')),
  ADD COLUMN source        text,
  ADD COLUMN justification text NOT NULL DEFAULT 'semapv:ManualMappingCuration',
  ADD COLUMN comment       text,
  ADD CONSTRAINT link_records_weight_of CHECK ((weight IS NULL) = (weight_of IS NULL));
UPDATE link_records SET justification = 'semapv:UnspecifiedMatching' WHERE made_by IS NULL;
`;
