import type { SchemeId } from '@og/shared/domain/schemes';
import { quoteValue } from '../../files/dataset-file-error.js';
import { cellText } from '../../links/crosswalk-file/crosswalk-row.js';
import type { TableRow } from '../../links/crosswalk-file/table-rows.js';
import { cellCodes, probabilityProblem, readProbability, schemeCode, schemeOfPrefix, titleOf } from './prediction-codes.js';
import { PredictionFileError } from './prediction-file-error.js';
import type { PredictedEntry, PredictionFileSummary } from './prediction-file.js';
import type { ReadingColumns } from './prediction-reading.js';

/**
 * The CSV that OccCANINE's `predict` writes (christianvedels/OccCANINE, histocc/prediction_assets.py,
 * `OccCANINE._format`; `{system}` is the model's code system, `hisco` unless it was fine-tuned on
 * another one):
 *
 * - wide (`prediction_type` 'flat' or 'full'): the input `occ1`, then `{system}_k, prob_k, desc_k`
 *   for k = 1…k_pred (5), best first; a slot under the threshold holds no code, no probability and
 *   `desc_k` `No pred`. Each slot with a code is one prediction `{uris: [code], conf: prob_k}`.
 *   Older versions named the input column `inputs`, and scripts add their own columns (`occ1` again,
 *   a reference `hisco`, `Check`…).
 * - greedy (the default, seq2seq 'greedy'): `occ1`, `{system}_k, desc_k` for as many occupations as
 *   the decoder found in the longest answer, and one `conf` for the whole answer. The codes of a row
 *   are ONE prediction `{uris: [all of them], conf}`; a cell that still holds several occupations
 *   joined with `&` (the decoder's separator, as in its raw `pred_s2s`) gives one URI each. A code
 *   the model's key lacks is written as decoded, with `desc_k` `Unknown code` (kept: the job flags it).
 * - top-k ('greedy-topk'): the greedy shape, one row per candidate answer with its rank in
 *   `top-k-pos` (0 = best), k_pred rows per input in a row. Consecutive rows of one title (ranks
 *   going up) are one entry, each row one prediction.
 *
 * Code columns are `{system}_{k}` (k from 1) whose system is one of our schemes (`hisco_1`,
 * `OCC1950_1`, `isco08_2`…, letter case forgiven): in the wide shape only those with a `prob_{k}`
 * beside them; in the greedy and top-k shapes any of them. The same columns of a system we do not
 * have (with a `prob_{k}`, or a `desc_{k}` in the greedy shapes: `ISCO68A_1`…) are reported in
 * `ignoredColumns`. Other columns (`hisco`, `en_hisco_text`, `bram_hisco`, `occ1_1`, `Check`…) are
 * not read. The title is the model's input: `inputs` or `occ1` (see {@link findOccCanineColumns}).
 */

export type OccCanineFormat = 'occcanine-wide' | 'occcanine-greedy' | 'occcanine-topk';

interface CodeColumn {
  column: number;
  scheme: SchemeId;
  k: number;
}

export interface OccCanineColumns {
  format: OccCanineFormat;
  title: number;
  /** Ordered by k, then by place in the header. */
  codes: CodeColumn[];
  /** Wide: `prob_{k}` by k. */
  probabilities: Map<number, number>;
  /** Wide: `desc_{k}` by k. */
  descriptions: Map<number, number>;
  /** Greedy and top-k: `conf`. */
  conf: number;
  /** Top-k: `top-k-pos`. */
  rank: number;
  ignoredColumns: string[];
  /** The header's names, for messages. */
  names: string[];
}

/** A column named `{system}_{k}`. */
const systemColumn = /^([A-Za-z][A-Za-z0-9.-]*)_(\d+)$/;
/** Prefixes of `_{k}` columns that are not code systems: the slots' own columns, and pandas' renamed duplicates of the title. */
const notSystems = new Set(['prob', 'desc', 'conf', 'occ1', 'inputs']);
const titleNames = ['inputs', 'occ1'];
/** The model's input carries its language: `da[SEP]…`. */
const languagePrefix = /^\s*[A-Za-z]{1,8}\[SEP\]/;

const looseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Finds the columns read in an OccCANINE header, and so its shape (top-k when there is a
 * `top-k-pos` column, wide when a code column has its `prob_{k}`, greedy when there is a `conf`).
 * `sample`: the first rows, to tell the title column when there are both `inputs` and `occ1`: the
 * one holding the model's input (`en[SEP]…`; a script's copy of the raw title has no prefix),
 * else `inputs`.
 */
export function findOccCanineColumns(header: readonly string[], sample: readonly TableRow[], line: number): OccCanineColumns {
  const names = header.map((name) => name.trim());
  const lower = names.map((name) => name.toLowerCase());
  const numbered = (prefix: string) =>
    new Map(
      lower.flatMap((name, column) => {
        const match = new RegExp(`^${prefix}_(\\d+)$`).exec(name);
        return match ? [[Number(match[1]), column] as const] : [];
      }),
    );
  const probabilities = numbered('prob');
  const descriptions = numbered('desc');
  const conf = lower.indexOf('conf');
  const rank = names.findIndex((name) => looseName(name) === 'topkpos');

  const candidates = names.flatMap((name, column) => {
    const match = systemColumn.exec(name);
    if (!match || notSystems.has(match[1]!.toLowerCase()) || Number(match[2]) < 1) return [];
    return [{ column, name, k: Number(match[2]), scheme: schemeOfPrefix(match[1]!) }];
  });
  const format: OccCanineFormat | null =
    rank >= 0 ? 'occcanine-topk' : candidates.some((code) => probabilities.has(code.k)) ? 'occcanine-wide' : conf >= 0 ? 'occcanine-greedy' : null;
  const predictionColumns = candidates.filter((code) =>
    format === 'occcanine-wide' ? probabilities.has(code.k) : code.scheme !== null || descriptions.has(code.k),
  );
  const codes = predictionColumns
    .filter((code): code is typeof code & { scheme: SchemeId } => code.scheme !== null)
    .sort((a, b) => a.k - b.k || a.column - b.column)
    .map(({ column, scheme, k }) => ({ column, scheme, k }));
  const ignoredColumns = format ? predictionColumns.filter((code) => code.scheme === null).map((code) => code.name) : [];

  if (!format || !codes.length) {
    const ignored = ignoredColumns.length ? ` (columns of systems we have no scheme for: ${ignoredColumns.join(', ')})` : '';
    throw new PredictionFileError(
      line,
      `no code column: expected hisco_1, prob_1 … or another system's columns (occ1950_1, prob_1 …; or the greedy shape hisco_1, desc_1 … with conf)${ignored}. The header: ${shownHeader(names)}.`,
    );
  }
  if (format !== 'occcanine-wide' && conf < 0) {
    throw new PredictionFileError(line, `the top-k file has no conf column (the confidence of each candidate). The header: ${shownHeader(names)}.`);
  }

  const titles = titleNames.map((title) => lower.indexOf(title)).filter((column) => column >= 0);
  if (!titles.length) {
    throw new PredictionFileError(line, `no title column: expected occ1 or inputs (the strings the model was given). The header: ${shownHeader(names)}.`);
  }
  const firstValue = (column: number) => sample.map((row) => cellText(row.cells, column)).find((text) => text) ?? '';
  const title = titles.find((column) => languagePrefix.test(firstValue(column))) ?? titles[0]!;

  return { format, title, codes, probabilities, descriptions, conf, rank, ignoredColumns, names };
}

/**
 * The columns a reading of an OccCANINE layout names, read as that layout reads them: its code
 * columns in the reading's rank order, all of the reading's scheme; wide: each code with its
 * confidence column (and the `desc_{k}` beside a `…_{k}` code column, which tells a slot the model
 * left empty); greedy and top-k: the first code's confidence column as the answer's `conf`, and
 * top-k's `top-k-pos`.
 */
export function occCanineColumnsOfReading(format: OccCanineFormat, reading: { scheme: SchemeId }, found: ReadingColumns, header: readonly string[], line: number): OccCanineColumns {
  const names = header.map((name) => name.trim());
  const lower = names.map((name) => name.toLowerCase());
  const codes = found.codes.map((code, rank) => ({ column: code.column, scheme: reading.scheme, k: rank + 1 }));
  const descriptions = new Map(
    found.codes.flatMap((code, rank) => {
      const k = systemColumn.exec(names[code.column]!)?.[2];
      const description = k === undefined ? -1 : lower.indexOf(`desc_${k}`);
      return description >= 0 ? [[rank + 1, description] as const] : [];
    }),
  );
  const conf = found.codes[0]!.confidence;
  const rank = names.findIndex((name) => looseName(name) === 'topkpos');
  if (format !== 'occcanine-wide' && conf < 0) {
    throw new PredictionFileError(line, `the ${format === 'occcanine-topk' ? 'top-k' : 'greedy'} layout needs the confidence column of its answers (conf): choose it for the first code column.`);
  }
  if (format === 'occcanine-topk' && rank < 0) throw new PredictionFileError(line, `the top-k layout needs its rank column (top-k-pos). The header: ${shownHeader(names)}.`);
  return {
    format,
    title: found.title,
    codes,
    probabilities: new Map(found.codes.flatMap((code, index) => (code.confidence >= 0 ? [[index + 1, code.confidence] as const] : []))),
    descriptions,
    conf,
    rank,
    ignoredColumns: [],
    names,
  };
}

/**
 * A wide slot the model left empty although its code cell is not: older versions of `predict`
 * wrote `-1` as the code of an input without any prediction, with no probability and `desc_1`
 * `No pred` (12 rows of the toy data predictions, 4 of the Copenhagen burials). HISCO's own `-1`
 * ("Missing, no title") comes with a probability and its description.
 */
function isUnfilledSlot(row: TableRow, probability: number, description: number): boolean {
  return cellText(row.cells, probability) === '' && /^no pred$/i.test(cellText(row.cells, description));
}

function shownHeader(names: readonly string[]): string {
  return names.slice(0, 20).map((name) => quoteValue(name)).join(', ') + (names.length > 20 ? ', …' : '');
}

/**
 * Turns the rows of an OccCANINE table into predicted entries, counting rows and empty titles in
 * `summary`. One entry per row (top-k: per run of rows of one title), in file order: identical
 * titles are NOT merged here (the job merges them, so that merging is one rule for every format).
 */
export class OccCanineEntries {
  /** Top-k: the entry whose rows are being read, its title as written and the rank of its last row. */
  private pending: { entry: PredictedEntry | null; written: string; rank: number } | null = null;

  /** Wide: the slots k = 1, 2… that have code columns, each with its probability and description columns. */
  private readonly slots: { k: number; probability: number; description: number; codes: CodeColumn[] }[];

  /** `extras`: what a row gives its entry besides title and codes (a reading's language and kept columns). */
  constructor(
    private readonly columns: OccCanineColumns,
    private readonly summary: Pick<PredictionFileSummary, 'rows' | 'emptyTitles'>,
    private readonly extras: (row: TableRow) => Pick<PredictedEntry, 'language' | 'context'> = () => ({}),
  ) {
    this.slots = [...columns.probabilities]
      .map(([k, probability]) => ({ k, probability, description: columns.descriptions.get(k) ?? -1, codes: columns.codes.filter((code) => code.k === k) }))
      .filter((slot) => slot.codes.length)
      .sort((a, b) => a.k - b.k);
  }

  /** The entries the row completes: none, or one (top-k: the entry before it, when the row starts another). */
  read(row: TableRow): PredictedEntry[] {
    this.summary.rows++;
    const { columns } = this;
    const written = cellText(row.cells, columns.title);
    const string = titleOf(written);

    if (columns.format === 'occcanine-topk') {
      const rank = this.readRank(row);
      const done: PredictedEntry[] = [];
      if (!this.pending || written !== this.pending.written || rank <= this.pending.rank) {
        done.push(...this.end());
        if (!string) this.summary.emptyTitles++;
        this.pending = { entry: string ? { line: row.line, string, predictions: [], ...this.extras(row) } : null, written, rank };
      }
      this.pending.rank = rank;
      const uris = this.uris(row, columns.codes);
      if (this.pending.entry && uris.length) this.pending.entry.predictions.push({ uris, conf: this.probability(row, columns.conf) });
      return done;
    }

    if (!string) {
      this.summary.emptyTitles++;
      return [];
    }
    const entry: PredictedEntry = { line: row.line, string, predictions: [], ...this.extras(row) };
    if (columns.format === 'occcanine-greedy') {
      const uris = this.uris(row, columns.codes);
      if (uris.length) entry.predictions.push({ uris, conf: this.probability(row, columns.conf) });
    } else {
      for (const { probability, description, codes } of this.slots) {
        const uris = this.uris(row, codes);
        if (!uris.length || isUnfilledSlot(row, probability, description)) continue;
        entry.predictions.push({ uris, conf: this.probability(row, probability) });
      }
    }
    return [entry];
  }

  /** Top-k: the entry still being read, at the end of the table. */
  end(): PredictedEntry[] {
    const entry = this.pending?.entry;
    this.pending = null;
    return entry ? [entry] : [];
  }

  private uris(row: TableRow, codes: readonly CodeColumn[]): string[] {
    const uris = new Set<string>();
    for (const { column, scheme } of codes) {
      for (const code of cellCodes(cellText(row.cells, column))) uris.add(`${scheme}:${schemeCode(scheme, code)}`);
    }
    return [...uris];
  }

  private probability(row: TableRow, column: number): number {
    const written = cellText(row.cells, column);
    const value = readProbability(written);
    if (value === null) throw new PredictionFileError(row.line, `column ${this.columns.names[column]}: ${probabilityProblem(written)}`);
    return value;
  }

  private readRank(row: TableRow): number {
    const written = cellText(row.cells, this.columns.rank);
    // pandas may write the rank as a float (`1.0`).
    if (!/^\d+(?:\.0*)?$/.test(written)) {
      throw new PredictionFileError(row.line, `column ${this.columns.names[this.columns.rank]}: ${quoteValue(written)} is not a rank (0, 1, 2…).`);
    }
    return Number(written);
  }
}
