import { type EntryContext, languageContextKey, type PredictionReading, predictionReading } from '@og/shared/contracts/prediction-reading';
import type { LanguageValue } from '@og/shared/domain/languages';
import type { SchemeId } from '@og/shared/domain/schemes';
import { codeUri } from './prediction-file/prediction-codes.js';

/**
 * What an entry keeps of its rows besides title and codes (issue 28, migration 018): per kept
 * column of the file, and its rows' languages, the most frequent values with how many rows had
 * each, as the import stored them.
 */
export type StoredContext = Record<string, [string, number][]>;

/** The reading a set was imported with, as its import recorded it; null for a set read without one. */
export function setReading(stats: Record<string, unknown> | null | undefined): PredictionReading | null {
  const recorded = predictionReading.safeParse(stats?.reading);
  return recorded.success ? recorded.data : null;
}

/** The columns sets keep, each once, in the order their readings keep them (context, then reference). */
export function keptColumns(readings: readonly (PredictionReading | null)[]): string[] {
  return [...new Set(readings.flatMap((reading) => (reading ? [...reading.context, ...reading.reference] : [])))];
}

/** An entry's rows' languages as values with their rows, for `languageOfValues`. */
export function contextLanguages(context: StoredContext | null): LanguageValue[] {
  return (context?.[languageContextKey] ?? []).map(([value, occurrences]) => ({ value, occurrences }));
}

/** A kept column's values for one cell of an export: the most frequent first, `; ` between them. */
export function contextCell(context: StoredContext | null, column: string): string {
  return (context?.[column] ?? []).map(([value]) => value).join('; ');
}

/** A kept column's values as the Nested export writes them. */
export function contextValues(context: StoredContext | null): Record<string, { value: string; count: number }[]> | undefined {
  if (!context) return undefined;
  const columns = Object.entries(context).filter(([column]) => column !== languageContextKey);
  return columns.length ? Object.fromEntries(columns.map(([column, values]) => [column, values.map(([value, count]) => ({ value, count }))])) : undefined;
}

/**
 * The entry's context as the review shows it: the kept columns in the reading's order (its
 * reference columns marked), then, in a dataset's set, the dataset's own codes of the title.
 */
export function presentEntryContext(
  context: StoredContext | null,
  reading: PredictionReading | null,
  dataset: { column: string; scheme: SchemeId | null; codes: [string, number][] } | null,
): EntryContext[] {
  const reference = new Set(reading?.reference ?? []);
  const columns = reading ? keptColumns([reading]) : Object.keys(context ?? {}).filter((column) => column !== languageContextKey);
  const kept: EntryContext[] = columns.flatMap((column) => {
    const values = context?.[column];
    if (!values?.length) return [];
    const isReference = reference.has(column) && reading !== null;
    return [{ column, kind: isReference ? 'reference' : 'context', values: values.map(([value, count]) => ({ value, count, ...(isReference ? { uri: codeUri(reading.scheme, value) } : {}) })) } as const];
  });
  if (dataset?.codes.length) {
    const { scheme } = dataset;
    kept.push({ column: dataset.column, kind: 'dataset', values: dataset.codes.map(([value, count]) => ({ value, count, ...(scheme ? { uri: codeUri(scheme, value) } : {}) })) });
  }
  return kept;
}

/** The URIs of an entry context's codes (reference and dataset codes), for their names. */
export const contextUris = (context: readonly EntryContext[]): string[] => context.flatMap((kept) => kept.values.flatMap((value) => (value.uri ? [value.uri] : [])));
