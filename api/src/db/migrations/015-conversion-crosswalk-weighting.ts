/**
 * Conversions weighted by the crosswalk's own weights (`weighting = 'crosswalk'`), and, per source
 * code, whether it got equal shares under that weighting because its links carry no weight
 * (`equal_shares`), which the summary counts.
 */
export const up = /* sql */ `
ALTER TABLE conversions DROP CONSTRAINT conversions_weighting_check;
ALTER TABLE conversions ADD CONSTRAINT conversions_weighting_check CHECK (weighting IN ('crosswalk', 'equal', 'reference', 'modal'));
ALTER TABLE conversion_codes ADD COLUMN equal_shares boolean NOT NULL DEFAULT false;
`;
