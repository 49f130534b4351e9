import type { MappingBatchUndone } from '@og/shared/contracts/predictions';

/**
 * Issue 29 "Many entries at once": the entries ticked beside the one on screen (from 'Similar
 * entries' or the entry search), which its save maps the same in one batch. Ticks belong to the
 * entry they were made on, so the next entry starts with none.
 */
export interface TickedEntries {
  /** The entry on screen when the ticks were made. */
  entry: string | null;
  strings: readonly string[];
}

export const noTicks: TickedEntries = { entry: null, strings: [] };

/** The strings ticked beside `entry` (none when the ticks were made on another entry). */
export function tickedBeside(ticks: TickedEntries, entry: string | null): readonly string[] {
  return entry !== null && ticks.entry === entry ? ticks.strings : [];
}

/** Ticks or unticks one string beside `entry`; the entry itself is never ticked. */
export function toggleTick(ticks: TickedEntries, entry: string, string: string): TickedEntries {
  if (string === entry) return ticks;
  const current = tickedBeside(ticks, entry);
  return { entry, strings: current.includes(string) ? current.filter((item) => item !== string) : [...current, string] };
}

/** The `a` key: ticks every string shown, or, when all are ticked already, unticks them. */
export function tickAllShown(ticks: TickedEntries, entry: string, shown: readonly string[]): TickedEntries {
  const current = tickedBeside(ticks, entry);
  const candidates = shown.filter((string) => string !== entry);
  if (candidates.length === 0) return ticks;
  if (candidates.every((string) => current.includes(string))) return { entry, strings: current.filter((string) => !candidates.includes(string)) };
  return { entry, strings: [...current, ...candidates.filter((string) => !current.includes(string))] };
}

/**
 * The entry to show after saving one with others ticked beside it: its `next`, passing over the
 * ticked ones (mapped by the same save) by the next of each as read ahead (`nextOf`). Null at the
 * end of the scope; undefined when a ticked one's next is not known.
 */
export function nextPastTicked(next: string | null, ticked: readonly string[], nextOf: (string: string) => string | null | undefined): string | null | undefined {
  const passing = new Set(ticked);
  let at: string | null | undefined = next;
  while (at !== null && at !== undefined && passing.has(at)) {
    passing.delete(at); // each ticked entry passed once, whatever the reads say
    at = nextOf(at);
  }
  return at;
}

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** `a` (or `A`) alone; Ctrl+A and the like stay the browser's. */
export function isTickAllKey(event: KeyLike): boolean {
  return (event.key === 'a' || event.key === 'A') && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** Shift+Enter in the entry search: tick the highlighted result instead of opening it. */
export function isTickResultKey(event: KeyLike & { shiftKey: boolean }): boolean {
  return event.key === 'Enter' && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
}

const entriesWord = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'entry' : 'entries'}`;

/** A batch save's notice (SPEC §8's 'Mapped {string} to N URI(s)' for many): 'Mapped 4 entries to 1 URI(s)'. */
export function batchSavedWords(mapped: number, uriCount: number): string {
  return `Mapped ${entriesWord(mapped)} to ${uriCount} URI(s)`;
}

/** What an undone batch gave back: '4 entries given back their mapping from before', and those someone changed since. */
export function batchUndoneWords(undone: MappingBatchUndone): string {
  const skipped = undone.skipped ? `; ${entriesWord(undone.skipped)} left alone (changed since)` : '';
  return `${entriesWord(undone.undone)} given back their mapping from before${skipped}`;
}

/** A similar entry's rows in the dataset ('12 rows'), or nothing for a set without a dataset. */
export function rowsWords(occurrences: number): string | null {
  return occurrences > 0 ? `${occurrences.toLocaleString('en')} ${occurrences === 1 ? 'row' : 'rows'}` : null;
}

/** Why an entry is listed as similar: the same title up to case, accents and punctuation, or spelled alike and sharing words. */
export const similarReasonWords = { 'same-title': 'Same title', similar: 'Similar' } as const;
