import { describe, expect, it } from 'vitest';
import {
  buildMetadata,
  canCreate,
  checkMetadata,
  completedStep,
  initialWizardState,
  remainingWait,
  totalsColumnChoices,
  wizardReducer,
  type UploadWizardState,
  type WizardAction,
} from './upload-wizard-state';
import type { CsvProfile } from './workers/csv-profile';

const file = new File(['title,code\nbaker,1\n'], 'titles.csv', { type: 'text/csv' });
const run = (...actions: WizardAction[]) => actions.reduce(wizardReducer, initialWizardState);
const set = (changes: Extract<WizardAction, { type: 'set' }>['changes']): WizardAction => ({ type: 'set', changes });

describe('the upload wizard (SPEC §2, §4, §5)', () => {
  it('starts on step 1 with the three agreements checked', () => {
    expect(initialWizardState.step).toBe(0);
    expect(initialWizardState.agreed).toEqual([true, true, true]);
  });

  it('leaves step 1 only with a file and a title or code column', () => {
    expect(run({ type: 'step', step: 1 }).step).toBe(0);
    expect(run({ type: 'file', file }, { type: 'step', step: 1 }).step).toBe(0);
    expect(run({ type: 'file', file }, set({ codeColumn: 'code' }), { type: 'step', step: 1 }).step).toBe(1);
    expect(run({ type: 'file', file }, set({ titleColumn: 'title' }), { type: 'step', step: 3 }).step).toBe(3);
  });

  it('turns options off when their condition goes', () => {
    const state = run(
      { type: 'file', file },
      set({ titleColumn: 'title', codeColumn: 'code', scheme: 'hisco' }),
      set({ predictSingleScheme: true, predictScheme: 'isco08', restrictPredictionsWithCodes: true }),
    );
    expect(state).toMatchObject({ predictSingleScheme: true, predictScheme: 'isco08', restrictPredictionsWithCodes: true });
    const noCode = wizardReducer(state, set({ codeColumn: null }));
    expect(noCode).toMatchObject({ scheme: null, restrictPredictionsWithCodes: false, predictSingleScheme: true });
    const noTitle = wizardReducer(state, set({ titleColumn: null }));
    expect(noTitle).toMatchObject({ predictSingleScheme: false, predictScheme: null, restrictPredictionsWithCodes: false });
    // Setting the option without its condition has no effect.
    expect(run(set({ restrictPredictionsWithCodes: true })).restrictPredictionsWithCodes).toBe(false);
  });

  it('forgets the old columns when another file is chosen', () => {
    const state = run({ type: 'file', file }, set({ titleColumn: 'title' }), { type: 'step', step: 2 }, { type: 'file', file });
    expect(state).toMatchObject({ titleColumn: null, step: 0 });
  });

  it('offers every header but the title and code columns as totals', () => {
    expect(totalsColumnChoices(['title', 'code', 'men', 'women', 'men', ''], { titleColumn: 'title', codeColumn: 'code' })).toEqual(['men', 'women']);
  });

  it('keeps Create disabled while the title is empty and holds a bad Wikidata QID or missing prediction scheme at its step', () => {
    let state: UploadWizardState = run({ type: 'file', file }, set({ titleColumn: 'title' }), { type: 'step', step: 3 });
    expect(canCreate(state)).toBe(false);
    state = wizardReducer(state, set({ title: '   ' }));
    expect(canCreate(state)).toBe(false);
    state = wizardReducer(state, set({ title: 'UK Census 2021' }));
    expect(canCreate(state)).toBe(true);
    expect(wizardReducer(state, set({ wikidataQid: 'X1' })).step).toBe(1);
    expect(wizardReducer(state, set({ predictSingleScheme: true })).step).toBe(2);
    expect(wizardReducer(state, { type: 'step', step: completedStep }).step).toBe(completedStep);
  });

  it('builds metadata the contract accepts, with counts only when they are exact', () => {
    const state = run(
      { type: 'file', file },
      set({ titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', useTotals: true, totalsColumns: ['men'] }),
      set({ language: 'en', provenance: '  1881 census ', wikidataQid: ' Q42 ', title: ' UK Census 2021 ' }),
    );
    const profile: CsvProfile = {
      rows: 10,
      bytesRead: 100,
      totalBytes: 100,
      done: true,
      title: { distinct: 7, capped: false, empty: 0 },
      code: { distinct: 3, capped: true, empty: 0 },
      validCodes: 3,
      raggedRows: 0,
      firstRaggedRow: null,
    };
    const metadata = buildMetadata(state, profile);
    expect(metadata).toEqual({
      title: 'UK Census 2021',
      titleColumn: 'title',
      codeColumn: 'code',
      scheme: 'hisco',
      totalsColumns: ['men'],
      language: 'en',
      provenance: '1881 census',
      wikidataQid: 'Q42',
      predictSingleScheme: false,
      predictScheme: null,
      restrictPredictionsWithCodes: false,
      titleCount: 7,
    });
    expect(checkMetadata(metadata).ok).toBe(true);
    expect(buildMetadata({ ...state, useTotals: false }, { ...profile, done: false })).not.toHaveProperty('titleCount');
    expect(buildMetadata({ ...state, useTotals: false }, null).totalsColumns).toEqual([]);
  });

  it('waits until 2 s after the click before moving to the list', () => {
    expect(remainingWait(1_000, 1_500)).toBe(1_500);
    expect(remainingWait(1_000, 3_000)).toBe(0);
    expect(remainingWait(1_000, 9_000)).toBe(0);
  });
});
