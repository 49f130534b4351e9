import { describe, expect, it } from 'vitest';
import {
  buildMetadata,
  canCreate,
  checkMetadata,
  completedStep,
  describeLanguageChoice,
  fileSizeRefusal,
  initialWizardState,
  languageColumnChoices,
  languageFromColumn,
  remainingWait,
  titleLanguageChoices,
  totalsColumnChoices,
  wizardReducer,
  type UploadWizardState,
  type WizardAction,
} from './upload-wizard-state';
import type { CsvProfile } from './workers/csv-profile';

const file = new File(['title,code\nbaker,1\n'], 'titles.csv', { type: 'text/csv' });
/** A file that says it is this large (no test holds gigabytes in memory). */
const sized = (name: string, size: number): File => Object.defineProperty(new File([], name, { type: 'text/csv' }), 'size', { value: size });
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

  it('refuses at once a file larger than the server accepts, and keeps Next and Create disabled for it', () => {
    const serverLimit = 20_000_000_000; // DATASET_FILE_LIMIT's default, '20gb'
    const census = sized('census.csv', 25_300_000_000);
    const refused = run({ type: 'limits', fileLimitBytes: serverLimit }, { type: 'file', file: census });
    expect(fileSizeRefusal(refused)).toBe('This file is 25.3 GB; the largest file this server accepts is 20 GB.');
    // Even with a column chosen the wizard stays on step 1, and Create is never reached.
    const chosen = wizardReducer(refused, set({ titleColumn: 'title', title: 'Census' }));
    expect(wizardReducer(chosen, { type: 'step', step: 1 }).step).toBe(0);
    expect(wizardReducer(chosen, { type: 'step', step: completedStep }).step).toBe(0);
    expect(canCreate(chosen)).toBe(false);

    // A file of exactly the limit is accepted (the server refuses only more), as is any file while the limit is unknown.
    const atLimit = run({ type: 'limits', fileLimitBytes: serverLimit }, { type: 'file', file: sized('a.csv', serverLimit) }, set({ titleColumn: 'title' }));
    expect(fileSizeRefusal(atLimit)).toBeNull();
    expect(wizardReducer(atLimit, { type: 'step', step: 1 }).step).toBe(1);
    expect(fileSizeRefusal(run({ type: 'file', file: census }))).toBeNull();

    // Just over the limit both sizes round alike: the exact byte counts tell them apart.
    expect(fileSizeRefusal(run({ type: 'limits', fileLimitBytes: serverLimit }, { type: 'file', file: sized('b.csv', serverLimit + 1) }))).toBe(
      'This file is 20,000,000,001 bytes; the largest file this server accepts is 20,000,000,000 bytes.',
    );
  });

  it('goes back to step 1 when the limit arrives after a file it refuses was taken further', () => {
    const big = sized('big.csv', 300_000_000);
    const ahead = run({ type: 'file', file: big }, set({ titleColumn: 'title' }), { type: 'step', step: 2 });
    expect(ahead.step).toBe(2);
    const limited = wizardReducer(ahead, { type: 'limits', fileLimitBytes: 200_000_000 });
    expect(limited.step).toBe(0);
    expect(fileSizeRefusal(limited)).toBe('This file is 300 MB; the largest file this server accepts is 200 MB.');
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

  it('pre-selects the guessed columns and scheme while the person has not chosen them', () => {
    const guessed = run(
      { type: 'file', file },
      { type: 'guess-columns', file, guess: { titleColumn: 'title', codeColumn: 'hisco' } },
      { type: 'guess-scheme', codeColumn: 'hisco', scheme: 'hisco' },
    );
    expect(guessed).toMatchObject({ titleColumn: 'title', codeColumn: 'hisco', scheme: 'hisco', chosenByUser: [] });
    // SPEC's rules hold for guessed choices as for chosen ones: Next is enabled, the options follow.
    expect(wizardReducer(guessed, { type: 'step', step: 1 }).step).toBe(1);
    expect(wizardReducer(guessed, set({ restrictPredictionsWithCodes: true })).restrictPredictionsWithCodes).toBe(true);
    // A guess for another file, or for another code column, changes nothing.
    const other = new File(['x'], 'other.csv');
    expect(wizardReducer(run({ type: 'file', file }), { type: 'guess-columns', file: other, guess: { titleColumn: 'title', codeColumn: null } }).titleColumn).toBeNull();
    expect(wizardReducer(guessed, { type: 'guess-scheme', codeColumn: 'isco08', scheme: 'isco08' }).scheme).toBe('hisco');
  });

  it('never lets a guess replace what the person chose or emptied', () => {
    const guessColumns: WizardAction = { type: 'guess-columns', file, guess: { titleColumn: 'title', codeColumn: 'hisco' } };
    const chosen = run({ type: 'file', file }, set({ titleColumn: 'occ1', codeColumn: null }), guessColumns);
    expect(chosen).toMatchObject({ titleColumn: 'occ1', codeColumn: null, chosenByUser: ['titleColumn', 'codeColumn'] });
    const emptied = run({ type: 'file', file }, guessColumns, set({ titleColumn: null }), guessColumns);
    expect(emptied).toMatchObject({ titleColumn: null, codeColumn: 'hisco' });

    const schemeChosen = run({ type: 'file', file }, guessColumns, set({ scheme: 'isco08' }), { type: 'guess-scheme', codeColumn: 'hisco', scheme: 'hisco' });
    expect(schemeChosen.scheme).toBe('isco08');
    // A chosen scheme stays with another code column, as before any guessing.
    expect(wizardReducer(schemeChosen, set({ codeColumn: 'code' })).scheme).toBe('isco08');
  });

  it('drops a guessed scheme when the code column changes, and guesses again for the new one', () => {
    const guessed = run(
      { type: 'file', file },
      { type: 'guess-columns', file, guess: { titleColumn: 'title', codeColumn: 'hisco' } },
      { type: 'guess-scheme', codeColumn: 'hisco', scheme: 'hisco' },
    );
    const changed = wizardReducer(guessed, set({ codeColumn: 'isco08' }));
    expect(changed.scheme).toBeNull();
    expect(wizardReducer(changed, { type: 'guess-scheme', codeColumn: 'isco08', scheme: 'isco08' }).scheme).toBe('isco08');
    // Without a code column the scheme goes, and so does the choice of it: the next column's scheme may be guessed.
    const schemeChosen = run({ type: 'file', file }, set({ codeColumn: 'hisco', scheme: 'isco08' }), set({ codeColumn: null }), set({ codeColumn: 'code' }));
    expect(schemeChosen).toMatchObject({ scheme: null, chosenByUser: ['codeColumn'] });
    expect(wizardReducer(schemeChosen, { type: 'guess-scheme', codeColumn: 'code', scheme: 'hisco' }).scheme).toBe('hisco');
  });

  it('guesses again for another file, whatever was chosen for the one before', () => {
    const next = new File(['title,hisco\n'], 'next.csv');
    const state = run(
      { type: 'file', file },
      set({ titleColumn: 'occ1', codeColumn: 'hisco_1', scheme: 'isco08' }),
      { type: 'file', file: next },
      { type: 'guess-columns', file: next, guess: { titleColumn: 'title', codeColumn: 'hisco' } },
      { type: 'guess-scheme', codeColumn: 'hisco', scheme: 'hisco' },
    );
    expect(state).toMatchObject({ titleColumn: 'title', codeColumn: 'hisco', scheme: 'hisco', chosenByUser: [] });
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
      set({ language: 'en', provenance: '  1881 census ', wikidataQid: ' Q42 ', period: { from: 1851, to: 1881 }, title: ' UK Census 2021 ' }),
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
      languageColumn: null,
      provenance: '1881 census',
      wikidataQid: 'Q42',
      period: { from: 1851, to: 1881 },
      predictSingleScheme: false,
      predictScheme: null,
      restrictPredictionsWithCodes: false,
      titleCount: 7,
    });
    expect(checkMetadata(metadata).ok).toBe(true);
    // No period chosen is sent as none; one year is a period from it to itself.
    expect(buildMetadata(initialWizardState, null).period).toBeNull();
    const oneYear = buildMetadata({ ...state, period: { from: 1881, to: 1881 } }, profile);
    expect(checkMetadata(oneYear)).toMatchObject({ ok: true, metadata: { period: { from: 1881, to: 1881 } } });
    expect(checkMetadata({ ...metadata, period: { from: 1881, to: 1851 } })).toEqual({ ok: false, message: 'period.to: The period ends before it starts' });
    expect(buildMetadata({ ...state, useTotals: false }, { ...profile, done: false })).not.toHaveProperty('titleCount');
    expect(buildMetadata({ ...state, useTotals: false }, null).totalsColumns).toEqual([]);
  });

  it('waits until 2 s after the click before moving to the list', () => {
    expect(remainingWait(1_000, 1_500)).toBe(1_500);
    expect(remainingWait(1_000, 3_000)).toBe(0);
    expect(remainingWait(1_000, 9_000)).toBe(0);
  });

  describe('the language of the titles', () => {
    const ready = () => run({ type: 'file', file }, set({ titleColumn: 'title', codeColumn: 'code' }), { type: 'step', step: 1 });

    it('offers the shipped data’s languages first, then several and from a column, then every other language once', () => {
      const groups = titleLanguageChoices(['en', 'nl', 'zz']);
      expect(groups.map((group) => group.group)).toEqual(['Languages of the shipped coded titles', 'Several, or per row', 'All languages']);
      expect(groups[0]!.items).toEqual([
        { value: 'en', label: 'English' },
        { value: 'nl', label: 'Dutch' },
      ]);
      expect(groups[1]!.items.map((item) => item.value)).toEqual(['mul', languageFromColumn]);
      const values = groups.flatMap((group) => group.items.map((item) => item.value));
      expect(new Set(values).size).toBe(values.length);
      expect(values).toContain('da');
      expect(values).toContain('nds');
      expect(titleLanguageChoices([]).map((group) => group.group)).toEqual(['Several, or per row', 'All languages']);
    });

    it('sends a language as its code, several as mul, and a language column by its header', () => {
      expect(buildMetadata(wizardReducer(ready(), set({ language: 'da' })), null)).toMatchObject({ language: 'da', languageColumn: null });
      expect(buildMetadata(wizardReducer(ready(), set({ language: 'mul' })), null)).toMatchObject({ language: 'mul', languageColumn: null });
      const fromColumn = wizardReducer(wizardReducer(ready(), set({ language: languageFromColumn })), set({ languageColumn: 'lang' }));
      const metadata = buildMetadata({ ...fromColumn, title: 'Census' }, null);
      expect(metadata).toMatchObject({ language: null, languageColumn: 'lang' });
      expect(checkMetadata(metadata).ok).toBe(true);
      expect(describeLanguageChoice(fromColumn)).toBe('From the column “lang”');
      expect(describeLanguageChoice({ language: 'sv', languageColumn: null })).toBe('Swedish');
    });

    it('keeps the wizard on Add context until the language column is chosen', () => {
      const waiting = wizardReducer(ready(), set({ language: languageFromColumn }));
      expect(wizardReducer(waiting, { type: 'step', step: 2 }).step).toBe(1);
      expect(wizardReducer(wizardReducer(waiting, set({ languageColumn: 'lang' })), { type: 'step', step: 2 }).step).toBe(2);
    });

    it('offers as the language column any column but the title and code columns, and drops it when it becomes one of them or the file changes', () => {
      expect(languageColumnChoices(['title', 'code', 'lang', 'men'], { titleColumn: 'title', codeColumn: 'code' })).toEqual(['lang', 'men']);
      const chosen = wizardReducer(wizardReducer(ready(), set({ language: languageFromColumn })), set({ languageColumn: 'lang' }));
      expect(wizardReducer(chosen, set({ codeColumn: 'lang' })).languageColumn).toBeNull();
      expect(wizardReducer(chosen, set({ language: 'en' })).languageColumn).toBeNull();
      expect(wizardReducer(chosen, { type: 'file', file }).languageColumn).toBeNull();
      // Without a title column there are no titles to give a language to.
      expect(wizardReducer(chosen, set({ titleColumn: null })).language).toBeNull();
    });
  });
});
