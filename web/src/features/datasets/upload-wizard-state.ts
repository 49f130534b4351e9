import { datasetMetadata, type DatasetMetadata, type DatasetMetadataInput, type DatasetPeriod, wikidataQid } from '@og/shared/contracts/datasets';
import type { SchemeId } from '@og/shared/domain/schemes';
import { languageChoices, languageLabel, languageName, severalLanguages } from '@og/shared/domain/languages';
import { formatBytes } from '../../lib/format-bytes';
import type { ColumnGuess } from './column-guess';
import type { CsvProfile } from './workers/csv-profile';

/**
 * The upload wizard's state (SPEC §3 "Upload wizard state") and its rules (SPEC §2, §5). The
 * file itself is never read here: its header and counts come from the CSV worker. The title and
 * code columns and the scheme are pre-selected from guesses (column-guess.ts, scheme-guess.ts)
 * until the person chooses them: a guess never replaces their choice, an emptied one included.
 */

/** SPEC §2: 'Upload CSV', 'Add context', 'Other options', 'Confirm settings', then the completed view. */
export const wizardSteps = ['Upload CSV', 'Add context', 'Other options', 'Confirm settings'] as const;
export const completedStep = wizardSteps.length;

/** SPEC §9: a file this size or larger is shown in red. */
export const largeFileBytes = 1_000_000_000;

/**
 * The 'Language of the titles' choice that reads each row's language from a column of the file
 * (its values codes or English names); any other choice is an ISO 639 code, or `mul` for several.
 */
export const languageFromColumn = 'from-column';

/** The 'Language of the titles' choices: the shipped data's languages first, then several, from a column, and every other language. */
export function titleLanguageChoices(shipped: readonly string[]): { group: string; items: { value: string; label: string }[] }[] {
  const all = languageChoices();
  const first = shipped.flatMap((code) => {
    const name = languageName(code);
    return name ? [{ value: code, label: name }] : [];
  });
  const firstCodes = new Set(first.map((choice) => choice.value));
  return [
    ...(first.length ? [{ group: 'Languages of the shipped coded titles', items: first }] : []),
    {
      group: 'Several, or per row',
      items: [
        { value: severalLanguages, label: 'Several languages' },
        { value: languageFromColumn, label: 'From a column' },
      ],
    },
    { group: 'All languages', items: all.filter((choice) => !firstCodes.has(choice.code)).map((choice) => ({ value: choice.code, label: choice.name })) },
  ];
}

/** What the chosen language is called ('Danish', 'Several languages', 'From the column “lang”'), or null. */
export function describeLanguageChoice(state: Pick<UploadWizardState, 'language' | 'languageColumn'>): string | null {
  if (state.language === null) return null;
  if (state.language === languageFromColumn) return state.languageColumn ? `From the column “${state.languageColumn}”` : null;
  return languageLabel(state.language);
}

/** The three agreements on the last step (SPEC §2: pre-checked). */
export const agreements = [
  'I may share this data with the project, and its source allows this use.',
  'The titles hold no personal data beyond occupational titles and counts.',
  'Mappings made from this dataset may be shared with the other project members.',
] as const;

/** The choices on 'Upload CSV' that a guess may make. */
export type GuessedChoice = 'titleColumn' | 'codeColumn' | 'scheme';

export interface UploadWizardState {
  step: number;
  /** The chosen file; its header row and counts come from the CSV worker (useCsvProfile). */
  file: File | null;
  /** The largest file the server accepts (GET /api/datasets/limits); null until known, when only the server checks. */
  fileLimitBytes: number | null;
  titleColumn: string | null;
  codeColumn: string | null;
  scheme: SchemeId | null;
  /** The guessed choices the person has made (or emptied) themselves: no guess changes them again. */
  chosenByUser: readonly GuessedChoice[];
  /** An ISO 639 code, `mul` (several), or {@link languageFromColumn}. */
  language: string | null;
  /** With {@link languageFromColumn}: the column of each row's language. */
  languageColumn: string | null;
  provenance: string;
  wikidataQid: string;
  /** The years the titles come from (the year-range picker); one year is a period from it to itself. */
  period: DatasetPeriod | null;
  useTotals: boolean;
  totalsColumns: string[];
  predictSingleScheme: boolean;
  predictScheme: SchemeId | null;
  restrictPredictionsWithCodes: boolean;
  title: string;
  agreed: boolean[];
}

export const initialWizardState: UploadWizardState = {
  step: 0,
  file: null,
  fileLimitBytes: null,
  titleColumn: null,
  codeColumn: null,
  scheme: null,
  chosenByUser: [],
  language: null,
  languageColumn: null,
  provenance: '',
  wikidataQid: '',
  period: null,
  useTotals: false,
  totalsColumns: [],
  predictSingleScheme: false,
  predictScheme: null,
  restrictPredictionsWithCodes: false,
  title: '',
  agreed: agreements.map(() => true),
};

export type WizardAction =
  | { type: 'file'; file: File | null }
  | { type: 'limits'; fileLimitBytes: number | null }
  | { type: 'step'; step: number }
  | { type: 'agree'; index: number; agreed: boolean }
  | {
      type: 'set';
      changes: Partial<Omit<UploadWizardState, 'step' | 'file' | 'fileLimitBytes' | 'agreed' | 'chosenByUser'>>;
    }
  /** The columns guessed from `file`'s header and first rows. */
  | { type: 'guess-columns'; file: File; guess: ColumnGuess }
  /** The scheme guessed for the codes of `codeColumn` (null: none is convincing). */
  | { type: 'guess-scheme'; codeColumn: string; scheme: SchemeId | null };

/** SPEC §5: a .csv file only. */
export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name);
}

/**
 * Why the server would refuse the chosen file for its size (413 over its DATASET_FILE_LIMIT), or
 * null. Said as soon as the file is chosen, rather than after reading and sending it.
 */
export function fileSizeRefusal(state: Pick<UploadWizardState, 'file' | 'fileLimitBytes'>): string | null {
  const { file, fileLimitBytes: limit } = state;
  if (file === null || limit === null || file.size <= limit) return null;
  // Just over the limit both may round to the same '20 GB': then the exact counts say it.
  const exact = formatBytes(file.size) === formatBytes(limit);
  const describe = (bytes: number) => (exact ? `${bytes.toLocaleString('en')} bytes` : formatBytes(bytes));
  return `This file is ${describe(file.size)}; the largest file this server accepts is ${describe(limit)}.`;
}

/** SPEC §2: Next on 'Upload CSV' needs a file (one the server accepts) and a title or code column. */
export function canLeaveUploadStep(state: UploadWizardState): boolean {
  return state.file !== null && fileSizeRefusal(state) === null && (state.titleColumn !== null || state.codeColumn !== null);
}

/** SPEC §2: 'Make predictions in a given scheme' needs a title column. */
export function canPredictSingleScheme(state: Pick<UploadWizardState, 'titleColumn'>): boolean {
  return state.titleColumn !== null;
}

/** SPEC §2: 'Restrict predictions to associated codes' needs both a title and a code column. */
export function canRestrictPredictions(state: Pick<UploadWizardState, 'titleColumn' | 'codeColumn'>): boolean {
  return state.titleColumn !== null && state.codeColumn !== null;
}

/** Headers a column may be chosen from: each once, and none that is empty. */
export function columnChoices(headers: readonly string[]): string[] {
  return [...new Set(headers)].filter((header) => header !== '');
}

/** Headers a totals column may be: any but the chosen title and code columns. */
export function totalsColumnChoices(headers: readonly string[], state: Pick<UploadWizardState, 'titleColumn' | 'codeColumn'>): string[] {
  return columnChoices(headers).filter((header) => header !== state.titleColumn && header !== state.codeColumn);
}

/** The furthest step a person may go to (by Next or by clicking the stepper). */
export function furthestStep(state: UploadWizardState): number {
  if (!canLeaveUploadStep(state)) return 0;
  const context = contextErrors(state);
  if (context.wikidataQid || context.languageColumn) return 1;
  if (optionsErrors(state).predictScheme) return 2;
  return completedStep - 1;
}

/** SPEC §5 with the contract: a Wikidata QID looks like Q42 (or is left empty); a language from a column needs the column. */
export function contextErrors(state: Pick<UploadWizardState, 'wikidataQid' | 'language' | 'languageColumn'>): { wikidataQid?: string; languageColumn?: string } {
  const errors: { wikidataQid?: string; languageColumn?: string } = {};
  if (state.language === languageFromColumn && state.languageColumn === null) errors.languageColumn = 'Choose the column of the languages';
  const qid = state.wikidataQid.trim();
  if (qid === '') return errors;
  const checked = wikidataQid.safeParse(qid);
  if (!checked.success) errors.wikidataQid = checked.error.issues[0]!.message;
  return errors;
}

/** Headers the language column may be: any but the chosen title and code columns. */
export function languageColumnChoices(headers: readonly string[], state: Pick<UploadWizardState, 'titleColumn' | 'codeColumn'>): string[] {
  return totalsColumnChoices(headers, state);
}

/** Predictions in one scheme need that scheme. */
export function optionsErrors(state: Pick<UploadWizardState, 'predictSingleScheme' | 'predictScheme'>): { predictScheme?: string } {
  return state.predictSingleScheme && state.predictScheme === null ? { predictScheme: 'Choose the scheme to predict in' } : {};
}

/** SPEC §5: 'Create dataset' is disabled while the title is empty. */
export function canCreate(state: UploadWizardState): boolean {
  return state.title.trim() !== '' && furthestStep(state) === completedStep - 1;
}

/** Keeps the enabling rules true whatever changed: options that lost their condition are turned off. */
function normalize(state: UploadWizardState): UploadWizardState {
  const next = { ...state };
  if (next.codeColumn === null) {
    // The scheme goes with the code column, and the choice of it: the next code column's scheme may be guessed.
    next.scheme = null;
    next.chosenByUser = next.chosenByUser.filter((choice) => choice !== 'scheme');
  }
  if (!canPredictSingleScheme(next)) {
    next.predictSingleScheme = false;
    next.predictScheme = null;
  }
  if (!next.predictSingleScheme) next.predictScheme = null;
  if (!canRestrictPredictions(next)) next.restrictPredictionsWithCodes = false;
  // A language column says the titles' languages: it needs titles, and is another column than theirs and the codes'.
  if (next.language === languageFromColumn && next.titleColumn === null) next.language = null;
  if (next.language !== languageFromColumn || next.languageColumn === next.titleColumn || next.languageColumn === next.codeColumn) next.languageColumn = null;
  next.totalsColumns = next.totalsColumns.filter((column) => column !== next.titleColumn && column !== next.codeColumn);
  if (next.step !== completedStep) next.step = Math.min(next.step, furthestStep(next));
  return next;
}

export function wizardReducer(state: UploadWizardState, action: WizardAction): UploadWizardState {
  switch (action.type) {
    case 'file':
      // A new file has new columns: the choices made from the old one's header are dropped.
      return normalize({ ...state, file: action.file, titleColumn: null, codeColumn: null, languageColumn: null, chosenByUser: [], totalsColumns: [], step: 0 });
    case 'limits':
      return normalize({ ...state, fileLimitBytes: action.fileLimitBytes });
    case 'step':
      if (action.step === completedStep) return canCreate(state) ? { ...state, step: completedStep } : state;
      return { ...state, step: Math.max(0, Math.min(action.step, furthestStep(state))) };
    case 'agree':
      return { ...state, agreed: state.agreed.map((agreed, index) => (index === action.index ? action.agreed : agreed)) };
    case 'set': {
      const chosen = guessedChoices.filter((choice) => choice in action.changes);
      const next = { ...state, ...action.changes, chosenByUser: [...new Set([...state.chosenByUser, ...chosen])] };
      return normalize(withoutStaleSchemeGuess(state, next));
    }
    case 'guess-columns': {
      if (action.file !== state.file) return state;
      const next = { ...state };
      for (const choice of ['titleColumn', 'codeColumn'] as const) {
        if (!state.chosenByUser.includes(choice)) next[choice] = action.guess[choice];
      }
      return normalize(withoutStaleSchemeGuess(state, next));
    }
    case 'guess-scheme':
      if (action.codeColumn !== state.codeColumn || state.chosenByUser.includes('scheme')) return state;
      return normalize({ ...state, scheme: action.scheme });
  }
}

const guessedChoices: readonly GuessedChoice[] = ['titleColumn', 'codeColumn', 'scheme'];

/** A scheme guessed for one code column is no guess for another: it goes when the code column changes. */
function withoutStaleSchemeGuess(before: UploadWizardState, next: UploadWizardState): UploadWizardState {
  if (next.codeColumn === before.codeColumn || next.chosenByUser.includes('scheme')) return next;
  return { ...next, scheme: null };
}

/**
 * The `metadata` field of `POST /api/datasets`. Counts are sent when the whole file was read
 * and the count is exact (they are informative: the ingest job counts for itself).
 */
export function buildMetadata(state: UploadWizardState, profile: CsvProfile | null): DatasetMetadataInput {
  const exact = (count: CsvProfile['title']) => (profile?.done && count && !count.capped ? count.distinct : undefined);
  const metadata: DatasetMetadataInput = {
    title: state.title.trim(),
    titleColumn: state.titleColumn,
    codeColumn: state.codeColumn,
    scheme: state.codeColumn ? state.scheme : null,
    totalsColumns: state.useTotals ? state.totalsColumns : [],
    language: state.language === languageFromColumn ? null : state.language,
    languageColumn: state.language === languageFromColumn ? state.languageColumn : null,
    provenance: state.provenance.trim() || null,
    wikidataQid: state.wikidataQid.trim() || null,
    period: state.period,
    predictSingleScheme: state.predictSingleScheme,
    predictScheme: state.predictSingleScheme ? state.predictScheme : null,
    restrictPredictionsWithCodes: state.restrictPredictionsWithCodes,
  };
  const titleCount = exact(profile?.title ?? null);
  const codeCount = exact(profile?.code ?? null);
  if (titleCount !== undefined) metadata.titleCount = titleCount;
  if (codeCount !== undefined) metadata.codeCount = codeCount;
  return metadata;
}

/** The contract's check of what will be sent: the same schema the API validates with. */
export function checkMetadata(metadata: DatasetMetadataInput): { ok: true; metadata: DatasetMetadata } | { ok: false; message: string } {
  const result = datasetMetadata.safeParse(metadata);
  if (result.success) return { ok: true, metadata: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, message: `${issue.path.join('.') || 'metadata'}: ${issue.message}` };
}

/** SPEC §4: navigate to the list no earlier than this long after 'Create dataset' was clicked. */
export const minimumWaitMs = 2_000;

/** How long to wait still before navigating, once the create request has returned. */
export function remainingWait(clickedAt: number, now: number, minimum = minimumWaitMs): number {
  return Math.max(0, clickedAt + minimum - now);
}
