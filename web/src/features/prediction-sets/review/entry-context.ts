import type { EntryContext } from '@og/shared/contracts/prediction-reading';
import type { NodeDetail } from '@og/shared/contracts/predictions';

/** How many of a column's values the review shows: its most frequent. */
export const contextValuesShown = 5;

/** One line of an entry's context under its title: what the column is, and its values. */
export interface ContextLine {
  column: string;
  kind: EntryContext['kind'];
  /** 'Year', 'Reference code (hisco_1)', 'In the dataset (Occupation code)'. */
  label: string;
  /** '1881 ×3 · 1882', a code with its name: '61110 General farmer ×12'. */
  values: string;
  /** Values left out beyond the most frequent shown. */
  more: number;
}

const labelOf = (kept: EntryContext): string => {
  switch (kept.kind) {
    case 'reference':
      return `Reference code (${kept.column})`;
    case 'dataset':
      return `In the dataset (${kept.column})`;
    default:
      return kept.column;
  }
};

/**
 * An entry's kept columns as the review shows them under its title (issue 28): one line a column,
 * its most frequent values first (at most {@link contextValuesShown}), each with its rows when more
 * than one had it; a reference or dataset code with its name when the answer names it.
 */
export function entryContextLines(context: readonly EntryContext[] | undefined, nodeDetails: Readonly<Record<string, NodeDetail>>): ContextLine[] {
  return (context ?? []).flatMap((kept) => {
    if (kept.values.length === 0) return [];
    const byCount = kept.values.map((value, index) => ({ ...value, index })).sort((a, b) => b.count - a.count || a.index - b.index);
    const values = byCount.slice(0, contextValuesShown).map(({ value, count, uri }) => {
      const name = uri ? nodeDetails[uri]?.name : undefined;
      const shown = name ? `${value} ${name}` : value;
      return count > 1 ? `${shown} ×${count.toLocaleString('en')}` : shown;
    });
    return [{ column: kept.column, kind: kept.kind, label: labelOf(kept), values: values.join(' · '), more: byCount.length - values.length }];
  });
}

/** A context line as one sentence of text ('Year: 1881 ×3 · 1882'), with the values left out counted. */
export const contextLineText = (line: ContextLine): string => `${line.label}: ${line.values}${line.more > 0 ? ` · ${line.more} more` : ''}`;
