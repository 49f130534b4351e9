import type { CrosswalkRow } from '@og/api/links/crosswalk-file/crosswalk-row';
import { CrosswalkFileError } from '@og/api/links/crosswalk-file/crosswalk-file-error';
import { quoteValue } from '@og/api/files/dataset-file-error';
import type { ImportedLink } from './crosswalk-reading.js';

/** Rows with a bad weight listed in the import's failure. */
const badWeightsShown = 20;

/**
 * The weights of a file's links: each weight cell checked as its row is read, then, once every row
 * is, counts made shares of their source code's total over the links made (so the weights of a
 * source code's links sum to 1), shares taken as they are. Any bad weight fails the whole import.
 */
export class ImportWeights {
  private readonly bad: { line: number; text: string; why: string }[] = [];
  private readonly byLink = new Map<ImportedLink, { source: string; value: number }>();

  constructor(
    private readonly counts: boolean,
    private readonly weightOf: 'first' | 'second',
  ) {}

  /** Notes a row's weight cell that is not a number, or not a count above 0 or a share in (0, 1]. */
  check(row: CrosswalkRow): void {
    if (row.badWeight !== undefined) this.bad.push({ line: row.line, text: row.badWeight, why: 'not a number' });
    else if (row.weight === undefined) return;
    else if (!Number.isFinite(row.weight) || row.weight <= 0) this.bad.push({ line: row.line, text: String(row.weight), why: this.counts ? 'not a count above 0' : 'not above 0' });
    else if (!this.counts && row.weight > 1) this.bad.push({ line: row.line, text: String(row.weight), why: 'above 1' });
  }

  /** A link's weight cell; a link listed twice adds its counts (a share: the last one). */
  add(link: ImportedLink, source: string, value: number): void {
    const kept = this.byLink.get(link);
    this.byLink.set(link, { source, value: this.counts && kept ? kept.value + value : value });
  }

  /** A later row of the file made the link again: the weight read for it so far goes with it. */
  moveTo(replaced: ImportedLink, link: ImportedLink): void {
    const kept = this.byLink.get(replaced);
    if (!kept) return;
    this.byLink.delete(replaced);
    this.byLink.set(link, kept);
  }

  throwIfBad(column: string): void {
    if (this.bad.length === 0) return;
    const shown = this.bad.slice(0, badWeightsShown).map((row) => `line ${row.line} (${quoteValue(row.text)}: ${row.why})`);
    throw new CrosswalkFileError(
      this.bad[0]!.line,
      `the weight column ${quoteValue(column)} has ${this.bad.length} row${this.bad.length === 1 ? '' : 's'} whose weight is not ${this.counts ? 'a count above 0' : 'a number in (0, 1]'}: ${shown.join(', ')}${this.bad.length > badWeightsShown ? ', …' : ''} (name another weight column, or none)`,
    );
  }

  /** Gives each link its weight. */
  apply(): void {
    const totals = new Map<string, number>();
    if (this.counts) for (const { source, value } of this.byLink.values()) totals.set(source, (totals.get(source) ?? 0) + value);
    for (const [link, { source, value }] of this.byLink) {
      link.weight = this.counts ? value / totals.get(source)! : value;
      link.weightOf = this.weightOf;
    }
  }
}
