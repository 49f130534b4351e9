import { describe, expect, it } from 'vitest';
import { type AuditedEntry, bandEstimates, checkedEntries, curveThresholds, estimateAccuracy, estimateAt, productionCurve } from './production-curve.js';
import { weightedWilson, wilsonInterval } from './wilson.js';

/** A hand-made audit: two entries in the top band standing for 10 each, three in 0.75–0.9 standing for 4 each, two below 0.5 for 20 each (one not answered). */
const audit: AuditedEntry[] = [
  { audit: 'a', band: 0, confidence: 0.97, weight: 10, correct: true },
  { audit: 'a', band: 0, confidence: 0.92, weight: 10, correct: true },
  { audit: 'a', band: 1, confidence: 0.85, weight: 4, correct: true },
  { audit: 'a', band: 1, confidence: 0.8, weight: 4, correct: false },
  { audit: 'a', band: 1, confidence: 0.75, weight: 4, correct: true },
  { audit: 'a', band: 3, confidence: 0.2, weight: 20, correct: false },
  { audit: 'a', band: 3, confidence: -1, weight: 20, correct: null },
];

describe('the estimates of an audit', () => {
  it('leaves out unanswered entries and lets the answered ones of their band stand for them', () => {
    const checks = checkedEntries(audit);
    expect(checks).toHaveLength(6);
    expect(checks.find((check) => check.confidence === 0.2)!.weight).toBe(40);
    expect(checks.filter((check) => check.confidence > 0.5).map((check) => check.weight)).toEqual([10, 10, 4, 4, 4]);
  });

  it('estimates overall and per band, the bands highest first, an empty band with nulls', () => {
    const checks = checkedEntries(audit);
    const overall = estimateAccuracy(checks);
    // Right: 10 + 10 + 4 + 4 = 28 of 20 + 12 + 40 = 72 units.
    expect(overall).toMatchObject({ checked: 6, right: 4 });
    expect(overall.estimate).toBeCloseTo(28 / 72, 12);
    const bands = bandEstimates(checks);
    expect(bands.map((band) => [band.from, band.to, band.checked, band.right])).toEqual([
      [0.9, 1, 2, 2],
      [0.75, 0.9, 3, 2],
      [0.5, 0.75, 0, 0],
      [0, 0.5, 1, 0],
    ]);
    expect(bands[1]).toMatchObject(wilsonInterval(2, 3));
    expect(bands[2]).toMatchObject({ estimate: null, low: null, high: null });
  });

  it('draws the production curve: share coded against the accuracy above each threshold', () => {
    const checks = checkedEntries(audit);
    expect(curveThresholds).toHaveLength(21);
    expect(curveThresholds[7]).toBe(0.35);
    // The population: 100 entries, of which 100 at ≥ 0 … 60 at ≥ 0.75, 30 at ≥ 0.9, none at 1.
    const above = curveThresholds.map((threshold) => (threshold <= 0 ? 100 : threshold <= 0.5 ? 70 : threshold <= 0.75 ? 60 : threshold <= 0.9 ? 30 : 0));
    const curve = productionCurve(checks, above, 100);
    expect(curve).toHaveLength(21);
    const at = (threshold: number) => curve.find((point) => point.threshold === threshold)!;
    // At 0 every answered entry counts (an entry without predictions, confidence −1, would not).
    expect(at(0)).toMatchObject({ share: 1, checked: 6, right: 4 });
    expect(at(0).estimate).toBeCloseTo(28 / 72, 12);
    expect(at(0.05)).toMatchObject({ share: 0.7, checked: 6 });
    expect(at(0.25)).toMatchObject({ checked: 5, right: 4 });
    expect(at(0.25).estimate).toBeCloseTo(28 / 32, 12);
    expect(at(0.75)).toMatchObject({ share: 0.6, checked: 5, ...weightedWilson(checks.filter((check) => check.confidence >= 0.75)) });
    expect(at(0.8)).toMatchObject({ share: 0.3, checked: 4, right: 3 });
    expect(at(0.8).estimate).toBeCloseTo(24 / 28, 12);
    expect(at(0.95)).toMatchObject({ checked: 1, right: 1, estimate: 1 });
    expect(at(1)).toMatchObject({ share: 0, checked: 0, estimate: null, low: null, high: null });
    expect(estimateAt(checks, 0.9)).toMatchObject({ checked: 2, right: 2, estimate: 1, ...wilsonInterval(2, 2) });
  });
});
