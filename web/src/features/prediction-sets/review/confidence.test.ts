import { describe, expect, it } from 'vitest';
import { confidenceBand, formatConfidence, setConfidencesWords } from './confidence';

describe('confidence (SPEC §5)', () => {
  it('bands exactly 1 as user-set, above 0.8 high, 0.5–0.8 inclusive medium, below 0.5 low', () => {
    expect(confidenceBand(1)).toBe('user');
    expect(confidenceBand(0.9999)).toBe('high');
    expect(confidenceBand(0.8001)).toBe('high');
    expect(confidenceBand(0.8)).toBe('medium');
    expect(confidenceBand(0.5)).toBe('medium');
    expect(confidenceBand(0.4999)).toBe('low');
    expect(confidenceBand(0)).toBe('low');
  });

  it('bands and shows a confidence the file does not give as none, a dash', () => {
    expect(confidenceBand(null)).toBe('none');
    expect(formatConfidence(null)).toBe('—');
  });

  it('shows a percentage with one decimal', () => {
    expect(formatConfidence(0.8765)).toBe('87.7%');
    expect(formatConfidence(1)).toBe('100.0%');
    expect(formatConfidence(0)).toBe('0.0%');
    expect(formatConfidence(0.00049)).toBe('0.0%');
  });

  it('says how a set’s confidences came when not from its file', () => {
    expect(setConfidencesWords({ source: 'none', given: null })).toBe('The file gives no confidences: every entry is below the threshold');
    expect(setConfidencesWords({ source: 'given', given: 0.8 })).toBe('Confidence 0.8 given at import to each entry’s first-ranked code');
    expect(setConfidencesWords({ source: 'given', given: 0.755 })).toBe('Confidence 0.755 given at import to each entry’s first-ranked code');
    expect(setConfidencesWords({ source: 'file', given: null })).toBeNull();
    expect(setConfidencesWords(null)).toBeNull();
    expect(setConfidencesWords(undefined)).toBeNull();
  });
});
