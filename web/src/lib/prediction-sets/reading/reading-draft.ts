import { type PredictionPreview, type PredictionReading, predictionReading, type ReadingCode, type ReadingLayout } from '@og/shared/contracts/prediction-reading';
import type { SchemeId } from '@og/shared/domain/schemes';

/**
 * The reading of a prediction file as the column-mapping step edits it (issue 28): the reading the
 * preview proposed, changed by the user. It may be unfinished (no title or scheme chosen, no code
 * column), so it is sent to the preview and the import only once {@link completeReading} accepts it.
 */
export interface ReadingDraft {
  layout: ReadingLayout;
  title: string | null;
  codes: ReadingCode[];
  scheme: SchemeId | null;
  firstConfidence: number | null;
  language: string | null;
  context: string[];
  reference: string[];
}

/** The draft the step starts from: the reading proposed, or for a table of no known layout its first column as the title and nothing else. */
export function draftOf(preview: Pick<PredictionPreview, 'reading' | 'columns' | 'scheme'>): ReadingDraft {
  if (preview.reading) return { ...preview.reading, codes: preview.reading.codes.map((code) => ({ ...code })) };
  return { layout: 'columns', title: preview.columns[0] ?? null, codes: [], scheme: preview.scheme, firstConfidence: null, language: null, context: [], reference: [] };
}

/** The reading a draft makes, or what is missing from it in a sentence. */
export function completeReading(draft: ReadingDraft): { reading: PredictionReading; missing: null } | { reading: null; missing: string } {
  if (draft.title === null) return { reading: null, missing: 'Choose the title column.' };
  if (!draft.codes.length) return { reading: null, missing: 'Choose at least one code column.' };
  if (draft.scheme === null) return { reading: null, missing: 'Choose the scheme of the codes.' };
  const parsed = predictionReading.safeParse(draft);
  if (!parsed.success) return { reading: null, missing: `${parsed.error.issues[0]?.message ?? 'The reading is not complete'}.`.replace(/\.\.$/, '.') };
  return { reading: parsed.data, missing: null };
}

/** Columns the title, the codes, their confidences or the language take: not offered to keep. */
function takenColumns(draft: ReadingDraft): Set<string> {
  const taken = new Set<string>();
  if (draft.title !== null) taken.add(draft.title);
  for (const code of draft.codes) {
    taken.add(code.column);
    if (code.confidence !== null) taken.add(code.confidence);
  }
  if (draft.language !== null) taken.add(draft.language);
  return taken;
}

/** The header's columns the user may keep as context or reference codes: those no other role takes. */
export function keepableColumns(columns: readonly string[], draft: ReadingDraft): string[] {
  const taken = takenColumns(draft);
  return columns.filter((column) => !taken.has(column));
}

/** A column given a role leaves any other role it had (a column is read one way); the code column of rank `keepRank` stays. */
function freed(draft: ReadingDraft, column: string, keepRank = -1): ReadingDraft {
  return {
    ...draft,
    title: draft.title === column ? null : draft.title,
    codes: draft.codes.flatMap((code, rank) =>
      code.column === column && rank !== keepRank ? [] : [{ ...code, confidence: code.confidence === column ? null : code.confidence }],
    ),
    language: draft.language === column ? null : draft.language,
    context: draft.context.filter((kept) => kept !== column),
    reference: draft.reference.filter((kept) => kept !== column),
  };
}

/**
 * Codes or confidences changed: a draft of OccCANINE's `predict` layouts becomes the generic
 * reading (`columns`). A greedy or top-k row's codes are one answer with the first code's
 * confidence, so they stay one prediction (answer 0); a wide row's code columns are one prediction each, as in `columns`.
 */
function asColumns(draft: ReadingDraft): ReadingDraft {
  if (draft.layout === 'columns') return draft;
  const oneAnswer = draft.layout === 'occcanine-greedy' || draft.layout === 'occcanine-topk';
  return { ...draft, layout: 'columns', codes: draft.codes.map((code) => (oneAnswer && code.answer === undefined ? { ...code, answer: 0 } : code)) };
}

/** {@link freed} for the title or the language: the generic reading when that took a code or confidence column. */
function reassigned(draft: ReadingDraft, column: string): ReadingDraft {
  const next = freed(draft, column);
  return JSON.stringify(next.codes) === JSON.stringify(draft.codes) ? next : asColumns(next);
}

export function withTitle(draft: ReadingDraft, title: string): ReadingDraft {
  return { ...reassigned(draft, title), title };
}

/** The code column of rank `rank` (a column another role had leaves it). */
export function withCodeColumn(draft: ReadingDraft, rank: number, column: string): ReadingDraft {
  const current = draft.codes[rank];
  if (!current || current.column === column) return draft;
  const renamed = { ...draft, codes: draft.codes.map((code, index) => (index === rank ? { ...code, column } : code)) };
  return asColumns(freed(renamed, column, rank));
}

/** The confidence column of rank `rank`, or none (a column another role had leaves it). */
export function withConfidence(draft: ReadingDraft, rank: number, confidence: string | null): ReadingDraft {
  const current = draft.codes[rank];
  if (!current || current.confidence === confidence) return draft;
  const base = confidence === null ? draft : freed(draft, confidence);
  const codes = base.codes.map((code, index) => (index === rank ? { ...code, confidence } : code));
  // A confidence read from the file takes the place of one given to the first-ranked code.
  return asColumns({ ...base, codes, firstConfidence: confidence === null ? base.firstConfidence : null });
}

/** The first column no role takes, to add as the lowest-ranked code column (a column not ticked to keep first); null when none is left. */
export function nextCodeColumn(columns: readonly string[], draft: ReadingDraft): string | null {
  const free = keepableColumns(columns, draft);
  return free.find((column) => !draft.context.includes(column) && !draft.reference.includes(column)) ?? free[0] ?? null;
}

export function withCodeAdded(draft: ReadingDraft, column: string): ReadingDraft {
  const next = freed(draft, column);
  return asColumns({ ...next, codes: [...next.codes, { column, confidence: null }] });
}

export function withCodeRemoved(draft: ReadingDraft, rank: number): ReadingDraft {
  if (!draft.codes[rank]) return draft;
  return asColumns({ ...draft, codes: draft.codes.filter((_, index) => index !== rank) });
}

/** Moves the code column of rank `rank` one rank up (-1) or down (1). */
export function withCodeMoved(draft: ReadingDraft, rank: number, by: -1 | 1): ReadingDraft {
  const to = rank + by;
  if (!draft.codes[rank] || !draft.codes[to]) return draft;
  const codes = [...draft.codes];
  [codes[rank], codes[to]] = [codes[to]!, codes[rank]!];
  return asColumns({ ...draft, codes });
}

export function withScheme(draft: ReadingDraft, scheme: SchemeId): ReadingDraft {
  return { ...draft, scheme };
}

export function withFirstConfidence(draft: ReadingDraft, firstConfidence: number | null): ReadingDraft {
  return { ...draft, firstConfidence };
}

export function withLanguage(draft: ReadingDraft, language: string | null): ReadingDraft {
  if (language === null) return { ...draft, language: null };
  return { ...reassigned(draft, language), language };
}

/** Ticks or unticks a column kept as context or as reference codes (a column is kept one way). */
export function withKept(draft: ReadingDraft, kind: 'context' | 'reference', column: string, kept: boolean): ReadingDraft {
  const other = kind === 'context' ? 'reference' : 'context';
  const list = draft[kind].filter((name) => name !== column);
  return { ...draft, [kind]: kept ? [...list, column] : list, [other]: kept ? draft[other].filter((name) => name !== column) : draft[other] };
}
