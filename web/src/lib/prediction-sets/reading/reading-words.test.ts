import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { describe, expect, it } from 'vitest';
import { confidenceText, layoutSentence, predictionTexts, problemText, schemeShareText } from './reading-words';

const reading = (changes: Partial<PredictionReading>): PredictionReading => ({
  layout: 'columns',
  title: 'occ1',
  codes: [
    { column: 'hisco_pred1_0', confidence: null, answer: 0 },
    { column: 'hisco_pred2_0', confidence: null, answer: 0 },
  ],
  scheme: 'hisco',
  firstConfidence: null,
  language: null,
  context: [],
  reference: [],
  ...changes,
});

describe('the layout sentence', () => {
  it("names OccCANINE's evaluation layout, where its codes come from and that it gives no confidences", () => {
    expect(layoutSentence({ layout: 'occcanine-eval', reading: reading({}) })).toBe(
      "Recognised OccCANINE's evaluation layout: the model's codes from hisco_pred1_0…, no confidences.",
    );
  });

  it("names the predict layout's confidence columns, and a single column without an ellipsis", () => {
    const wide = reading({ layout: 'occcanine-wide', codes: [{ column: 'hisco_1', confidence: 'prob_1' }, { column: 'hisco_2', confidence: 'prob_2' }] });
    expect(layoutSentence({ layout: 'occcanine-wide', reading: wide })).toBe("Recognised OccCANINE's predict layout: codes from hisco_1…, confidences from prob_1….");
    const greedy = reading({ layout: 'occcanine-greedy', codes: [{ column: 'hisco_1', confidence: 'conf' }, { column: 'hisco_2', confidence: 'conf' }] });
    expect(layoutSentence({ layout: 'occcanine-greedy', reading: greedy })).toBe("Recognised OccCANINE's greedy predict layout: codes from hisco_1…, confidences from conf.");
  });

  it('says a JSON file is read as it is, and a table without codes asks for the columns', () => {
    expect(layoutSentence({ layout: 'occpast-json', reading: null })).toContain('OCCPAST JSON');
    expect(layoutSentence({ layout: 'columns', reading: null })).toContain('choose the title column and the code columns');
    expect(layoutSentence({ layout: 'columns', reading: reading({}) })).toMatch(/^No known layout: .*Check it below\.$/);
  });
});

describe('problems, codes and shares', () => {
  it('names the line and column a problem is at, as far as known', () => {
    expect(problemText({ line: 3, column: 'prob_1', message: 'not a confidence' })).toBe('Line 3, column prob_1: not a confidence');
    expect(problemText({ line: null, column: 'occ1', message: 'empty' })).toBe('column occ1: empty');
    expect(problemText({ line: null, column: null, message: 'nothing' })).toBe('nothing');
  });

  it("shows each prediction's codes and its confidence, '—' when the file gives none", () => {
    expect(predictionTexts({ predictions: [{ uris: ['hisco:61110', 'hisco:51030'], conf: null }, { uris: ['hisco:99910'], conf: 0.875 }] })).toEqual([
      { codes: '61110 & 51030', confidence: '—' },
      { codes: '99910', confidence: '87.5%' },
    ]);
    expect(confidenceText(1)).toBe('100%');
  });

  it("says the share of the sampled codes that are the scheme's, in whole percent rounded down", () => {
    expect(schemeShareText({ scheme: 'hisco', schemeShare: 0.999 }, 'hisco')).toBe('99% of the sampled codes are HISCO codes');
    expect(schemeShareText({ scheme: 'hisco', schemeShare: 0.6 }, 'isco08')).toBe('60% of the sampled codes are HISCO codes, more than of any other scheme');
    expect(schemeShareText({ scheme: null, schemeShare: 0 }, 'hisco')).toBe('None of the sampled codes is a code of our schemes.');
    expect(schemeShareText({ scheme: null, schemeShare: null }, null)).toBeUndefined();
  });
});
