import { uncodedReasons } from '@og/shared/jobs/job-kinds';
import { describe, expect, it } from 'vitest';
import { noPredictionWords } from './no-prediction-reason';

describe('why an entry has no prediction (issue 27)', () => {
  it('says each reason a run gives in plain words', () => {
    expect(noPredictionWords('no known title near it', 'da')).toBe('No prediction: no known title near it.');
    expect(noPredictionWords('no prediction from the model', null)).toBe('No prediction: the model gave none for this title.');
    for (const reason of uncodedReasons) expect(noPredictionWords(reason, 'en')).toMatch(/^No prediction: .+\.$/);
  });

  it('names the language without training data when the entry’s is known', () => {
    expect(noPredictionWords('no training data in this language', 'da')).toBe('No prediction: the coder has no training data in Danish.');
    expect(noPredictionWords('no training data in this language', 'is')).toBe('No prediction: the coder has no training data in Icelandic.');
    expect(noPredictionWords('no training data in this language', null)).toBe('No prediction: the coder has no training data in this title’s language.');
    expect(noPredictionWords('no training data in this language', 'mul')).toBe('No prediction: the coder has no training data in this title’s language.');
  });

  it('says only that the model made none when no run said why (an imported set)', () => {
    expect(noPredictionWords(null, 'da')).toBe('The model made no prediction for this title.');
    expect(noPredictionWords(undefined, undefined)).toBe('The model made no prediction for this title.');
  });
});
