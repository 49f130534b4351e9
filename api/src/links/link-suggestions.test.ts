import { linkSuggestions } from '@og/shared/contracts/link-suggestions';
import { describe, expect, it } from 'vitest';
import { suggestionsJson } from './link-suggestions.js';

const candidate = (code: string, score: number) => ({ code, score, relation: 'closeMatch' as const, evidence: [{ kind: 'name' as const, detail: `name similarity ${score}` }] });

describe('suggestionsJson', () => {
  it('sends the source codes best first, integer-like codes too, as an answer the contract reads', () => {
    const answer = {
      codes: [
        ['290', [candidate('7522', 0.9)]],
        ['31A6', [candidate('2262', 0.7), candidate('2263', 0.2)]],
        ['1111', [candidate('1112', 0.5)]],
        ['0110', [candidate('0110', 0.4)]],
      ] as [string, ReturnType<typeof candidate>[]][],
      run: { finishedAt: '2026-11-27T08:00:00.000Z', codes: 4, jobId: '12' },
    };
    const text = suggestionsJson(answer);
    const order = answer.codes.map(([code]) => text.indexOf(`"${code}":[`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(linkSuggestions.parse(JSON.parse(text))).toEqual({ codes: Object.fromEntries(answer.codes), run: answer.run });
  });

  it('sends a pair never suggested for as no codes and no run', () => {
    expect(JSON.parse(suggestionsJson({ codes: [], run: null }))).toEqual({ codes: {}, run: null });
  });
});
