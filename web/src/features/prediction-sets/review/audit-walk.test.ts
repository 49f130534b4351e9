import { describe, expect, it } from 'vitest';
import { answeredCount, auditNeighbour, estimateWords, nextUnanswered, withAnswer } from './audit-walk';

const audit = {
  auditId: 'a',
  createdAt: '2026-11-26T00:00:00Z',
  entries: [
    { string: 'tailor', band: 0, correct: true },
    { string: 'smith', band: 1, correct: null },
    { string: 'baker', band: 2, correct: false },
    { string: 'miner', band: 3, correct: null },
  ],
};

describe('walking an audit', () => {
  it('goes to the next unanswered entry, round to the start, and to none when all are answered', () => {
    expect(nextUnanswered(audit.entries, null)).toBe('smith');
    expect(nextUnanswered(audit.entries, 'smith')).toBe('miner');
    expect(nextUnanswered(audit.entries, 'miner')).toBe('smith');
    const done = withAnswer(withAnswer(audit, 'smith', true), 'miner', false);
    expect(answeredCount(done.entries)).toBe(4);
    expect(nextUnanswered(done.entries, 'miner')).toBeNull();
  });

  it('moves by the audit order with the arrows, stopping at its ends', () => {
    expect(auditNeighbour(audit.entries, 'tailor', -1)).toBeNull();
    expect(auditNeighbour(audit.entries, 'tailor', 1)).toBe('smith');
    expect(auditNeighbour(audit.entries, 'miner', 1)).toBeNull();
  });

  it('says an estimate with its interval, and nothing when nothing is checked', () => {
    expect(estimateWords({ checked: 140, right: 134, estimate: 0.957, low: 0.92, high: 0.98 })).toBe('≈ 96% right, 92–98%, on 140 checked entries');
    expect(estimateWords({ checked: 0, right: 0, estimate: null, low: null, high: null })).toBeNull();
  });
});
