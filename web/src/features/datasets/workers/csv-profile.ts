import { nameHeaderColumns } from '@og/shared/domain/csv-header';

/**
 * What the upload wizard learns from a CSV before it is sent (SPEC §2 "Upload wizard"): its
 * header, its rows, and the distinct values of the chosen title and code columns, with how
 * many of those codes the chosen scheme knows. Only sets of distinct values are kept, never
 * rows, and each set stops growing at a cap, so a census file of gigabytes fits in a tab.
 */

/** Distinct values kept per column (about 150 MB of short strings); beyond it counts read "at least". */
export const distinctValuesCap = 2_000_000;

export interface ColumnCount {
  /** Distinct non-empty values (after trimming). */
  distinct: number;
  /** True when the cap was reached: the column has at least `distinct` values. */
  capped: boolean;
  /** Rows whose value is empty (or only spaces). */
  empty: number;
}

export interface CsvProfile {
  /** Data rows read so far (the header and empty lines not counted). */
  rows: number;
  bytesRead: number;
  totalBytes: number;
  /** Whether the whole file has been read. */
  done: boolean;
  title: ColumnCount | null;
  code: ColumnCount | null;
  /** Distinct codes that are codes of the chosen scheme; null until a scheme's codes are known. */
  validCodes: number | null;
  /** Rows with a different number of fields than the header: the ingest job refuses such a file. */
  raggedRows: number;
  /** The first such row: its number as a spreadsheet shows it (the header is row 1) and its field count. */
  firstRaggedRow: { row: number; fields: number } | null;
}

/**
 * A copy of a string that does not share memory with the text it was cut from. papaparse's
 * fields are slices of a 10 MB chunk; keeping a slice would keep the whole chunk alive.
 */
function detached(value: string): string {
  return (' ' + value).slice(1);
}

/** The distinct non-empty trimmed values of one column, up to a cap. */
export class DistinctValues {
  readonly values = new Set<string>();
  capped = false;
  empty = 0;

  constructor(private readonly cap: number = distinctValuesCap) {}

  /** Adds a value; answers whether it was new (and kept). */
  add(raw: string | undefined): string | null {
    const value = (raw ?? '').trim();
    if (value === '') {
      this.empty++;
      return null;
    }
    // Once full, the count is final: no need to look values up any more.
    if (this.capped || this.values.has(value)) return null;
    if (this.values.size >= this.cap) {
      this.capped = true;
      return null;
    }
    const kept = detached(value);
    this.values.add(kept);
    return kept;
  }

  count(): ColumnCount {
    return { distinct: this.values.size, capped: this.capped, empty: this.empty };
  }
}


export interface ProfileColumns {
  titleColumn: string | null;
  codeColumn: string | null;
}

/** Counts rows and the chosen columns' distinct values, fed the rows of a file in order. */
export class CsvProfiler {
  private header: string[] | null = null;
  private titleIndex = -1;
  private codeIndex = -1;
  private readonly titles: DistinctValues | null;
  private readonly codes: DistinctValues | null;
  private labels: ReadonlySet<string> | null = null;
  private valid = 0;
  private rows = 0;
  private raggedRows = 0;
  private firstRaggedRow: CsvProfile['firstRaggedRow'] = null;

  constructor(
    private readonly columns: ProfileColumns,
    cap: number = distinctValuesCap,
  ) {
    this.titles = columns.titleColumn === null ? null : new DistinctValues(cap);
    this.codes = columns.codeColumn === null ? null : new DistinctValues(cap);
  }

  /** The header, once the first row has been seen. */
  get headerRow(): string[] | null {
    return this.header;
  }

  /** The scheme's code strings (SPEC: codes are compared to the codes' labels); null forgets them. */
  setCodeLabels(labels: ReadonlySet<string> | null): void {
    this.labels = labels;
    this.valid = 0;
    if (!labels || !this.codes) return;
    for (const code of this.codes.values) if (labels.has(code)) this.valid++;
  }

  addRows(rows: readonly string[][]): void {
    let start = 0;
    if (!this.header && rows.length > 0) {
      this.header = nameHeaderColumns(rows[0]!).map((name) => detached(name));
      this.titleIndex = this.columns.titleColumn === null ? -1 : this.header.indexOf(this.columns.titleColumn);
      this.codeIndex = this.columns.codeColumn === null ? -1 : this.header.indexOf(this.columns.codeColumn);
      start = 1;
    }
    const width = this.header?.length ?? 0;
    for (let index = start; index < rows.length; index++) {
      const row = rows[index]!;
      this.rows++;
      if (row.length !== width) {
        this.raggedRows++;
        this.firstRaggedRow ??= { row: this.rows + 1, fields: row.length };
      }
      if (this.titles && this.titleIndex >= 0) this.titles.add(row[this.titleIndex]);
      if (this.codes && this.codeIndex >= 0) {
        const code = this.codes.add(row[this.codeIndex]);
        if (code !== null && this.labels?.has(code)) this.valid++;
      }
    }
  }

  snapshot(progress: { bytesRead: number; totalBytes: number; done: boolean }): CsvProfile {
    return {
      ...progress,
      rows: this.rows,
      title: this.titles?.count() ?? null,
      code: this.codes?.count() ?? null,
      validCodes: this.labels && this.codes ? this.valid : null,
      raggedRows: this.raggedRows,
      firstRaggedRow: this.firstRaggedRow,
    };
  }
}
