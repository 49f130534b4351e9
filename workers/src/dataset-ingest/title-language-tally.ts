import { copyField } from '@og/api/db/copy-text';

/**
 * A dataset's language column tallied while its file is read: per (title, value), on how many
 * rows. The values are kept as written (trimmed): they are read as languages when they are used,
 * so an unknown value is still counted as one. Empty values are no language and are not kept.
 * Held in memory up to `limit` pairs, then handed on as COPY text lines (title, value, rows) for
 * a staging table, where they are added up at the end (dataset-ingest-queries.ts).
 */
export class TitleLanguageTally {
  private counts = new Map<string, number>();

  constructor(private readonly limit = 200_000) {}

  add(title: string, value: string): void {
    // A value longer than any language's name or code is no language: kept short, as one unknown value.
    const kept = value.trim().replaceAll('\u0000', '').slice(0, maxValueCharacters);
    if (kept === '') return;
    const key = `${title}\u0000${kept}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Whether the pairs held should be handed on now. */
  get full(): boolean {
    return this.counts.size >= this.limit;
  }

  get size(): number {
    return this.counts.size;
  }

  /** The pairs held as COPY text lines, and forgets them. */
  take(): Buffer {
    const lines: string[] = [];
    for (const [key, rows] of this.counts) {
      const split = key.indexOf('\u0000');
      lines.push(`${copyField(key.slice(0, split))}\t${copyField(key.slice(split + 1))}\t${rows}\n`);
    }
    this.counts = new Map();
    return Buffer.from(lines.join(''), 'utf8');
  }

  /** Forgets what it holds (the file is read again from the start). */
  clear(): void {
    this.counts = new Map();
  }
}

const maxValueCharacters = 100;

