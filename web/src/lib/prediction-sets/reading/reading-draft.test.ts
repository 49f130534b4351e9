import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { describe, expect, it } from 'vitest';
import {
  completeReading,
  draftOf,
  keepableColumns,
  nextCodeColumn,
  type ReadingDraft,
  withCodeAdded,
  withCodeColumn,
  withCodeMoved,
  withCodeRemoved,
  withConfidence,
  withKept,
  withLanguage,
  withTitle,
} from './reading-draft';

/** OccCANINE's evaluation layout, as the preview proposes it. */
const evaluationColumns = ['RowID', 'occ1', 'lang', 'Year', 'hisco_1', 'hisco_2', 'hisco_pred1_0', 'hisco_pred2_0'];
const evaluation: PredictionReading = {
  layout: 'columns',
  title: 'occ1',
  codes: [
    { column: 'hisco_pred1_0', confidence: null, answer: 0 },
    { column: 'hisco_pred2_0', confidence: null, answer: 0 },
  ],
  scheme: 'hisco',
  firstConfidence: null,
  language: 'lang',
  context: ['Year', 'RowID'],
  reference: ['hisco_1', 'hisco_2'],
};

/** OccCANINE's wide `predict` layout, as proposed. */
const wide: PredictionReading = {
  layout: 'occcanine-wide',
  title: 'occ1',
  codes: [
    { column: 'hisco_1', confidence: 'prob_1' },
    { column: 'hisco_2', confidence: 'prob_2' },
  ],
  scheme: 'hisco',
  firstConfidence: null,
  language: null,
  context: [],
  reference: [],
};

const draft = (reading: PredictionReading): ReadingDraft => draftOf({ reading, columns: [], scheme: reading.scheme });

describe('the draft of a reading', () => {
  it('starts from the reading proposed, and from the first column when none is', () => {
    expect(draft(evaluation)).toEqual(evaluation);
    expect(draftOf({ reading: null, columns: ['title', 'code'], scheme: null })).toMatchObject({ layout: 'columns', title: 'title', codes: [], scheme: null });
  });

  it('is a reading once it has a title, a code column and a scheme, and says what it lacks before', () => {
    expect(completeReading(draft(evaluation))).toEqual({ reading: evaluation, missing: null });
    expect(completeReading({ ...draft(evaluation), codes: [] }).missing).toBe('Choose at least one code column.');
    expect(completeReading({ ...draft(evaluation), title: null }).missing).toBe('Choose the title column.');
    expect(completeReading({ ...draft(evaluation), scheme: null }).missing).toBe('Choose the scheme of the codes.');
  });
});

describe('editing the title, language and kept columns', () => {
  it('keeps the layout', () => {
    const edited = withKept(withLanguage(withTitle(draft(wide), 'row'), null), 'context', 'year', true);
    expect(edited).toMatchObject({ layout: 'occcanine-wide', title: 'row', language: null, context: ['year'], codes: wide.codes });
  });

  it('takes a column from the role it had: a kept column chosen as the title is no longer kept', () => {
    const edited = withTitle(draft(evaluation), 'Year');
    expect(edited.title).toBe('Year');
    expect(edited.context).toEqual(['RowID']);
    expect(edited.layout).toBe('columns');
  });

  it('keeps a column one way: ticked as a reference code, it leaves the context', () => {
    const edited = withKept(draft(evaluation), 'reference', 'Year', true);
    expect(edited.context).toEqual(['RowID']);
    expect(edited.reference).toEqual(['hisco_1', 'hisco_2', 'Year']);
    expect(withKept(edited, 'reference', 'Year', false).reference).toEqual(['hisco_1', 'hisco_2']);
  });

  it("offers to keep only the columns no other role takes, and a code column taken as the language makes OccCANINE's layout the generic reading", () => {
    expect(keepableColumns(evaluationColumns, draft(evaluation))).toEqual(['RowID', 'Year', 'hisco_1', 'hisco_2']);
    const edited = withLanguage(draft(wide), 'prob_2');
    expect(edited.layout).toBe('columns');
    expect(edited.codes[1]).toEqual({ column: 'hisco_2', confidence: null });
  });
});

describe('editing the codes', () => {
  it("makes OccCANINE's wide layout the generic reading, each code column a prediction", () => {
    const edited = withConfidence(draft(wide), 1, null);
    expect(edited.layout).toBe('columns');
    expect(edited.codes).toEqual([
      { column: 'hisco_1', confidence: 'prob_1' },
      { column: 'hisco_2', confidence: null },
    ]);
  });

  it("keeps a greedy row's codes one answer, with the first code's confidence", () => {
    const greedy: PredictionReading = { ...wide, layout: 'occcanine-greedy', codes: wide.codes.map((code) => ({ ...code, confidence: 'conf' })) };
    const edited = withCodeRemoved(draft({ ...greedy, codes: [...greedy.codes, { column: 'hisco_3', confidence: 'conf' }] }), 2);
    expect(edited.layout).toBe('columns');
    expect(edited.codes.map((code) => code.answer)).toEqual([0, 0]);
  });

  it('moves a code column up and down, and not past either end', () => {
    const moved = withCodeMoved(draft(evaluation), 1, -1);
    expect(moved.codes.map((code) => code.column)).toEqual(['hisco_pred2_0', 'hisco_pred1_0']);
    expect(withCodeMoved(moved, 0, -1)).toBe(moved);
    expect(withCodeMoved(moved, 1, 1)).toBe(moved);
  });

  it('adds the first free column not kept (else a kept one), and a column chosen for a code leaves the kept columns', () => {
    expect(nextCodeColumn([...evaluationColumns, 'hisco_pred3_0'], draft(evaluation))).toBe('hisco_pred3_0');
    expect(nextCodeColumn(evaluationColumns, draft(evaluation))).toBe('RowID');
    expect(nextCodeColumn(['occ1', 'lang', 'hisco_pred1_0', 'hisco_pred2_0'], draft(evaluation))).toBeNull();
    const added = withCodeAdded(draft(evaluation), 'hisco_1');
    expect(added.codes.at(-1)).toEqual({ column: 'hisco_1', confidence: null });
    expect(added.reference).toEqual(['hisco_2']);
  });

  it('replaces a code column, dropping another rank that read the same column', () => {
    const edited = withCodeColumn(draft(evaluation), 0, 'hisco_pred2_0');
    expect(edited.codes).toEqual([{ column: 'hisco_pred2_0', confidence: null, answer: 0 }]);
  });

  it("drops the confidence given to the first-ranked code once a code's confidence comes from a column", () => {
    const given = { ...draft(evaluation), firstConfidence: 0.8 };
    const edited = withConfidence(given, 0, 'RowID');
    expect(edited.firstConfidence).toBeNull();
    expect(edited.context).toEqual(['Year']);
    expect(completeReading(edited).reading?.codes[0]).toEqual({ column: 'hisco_pred1_0', confidence: 'RowID', answer: 0 });
  });
});
