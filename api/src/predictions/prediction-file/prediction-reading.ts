import type { PredictionLayout, PredictionReading } from '@og/shared/contracts/prediction-reading';
import type { SchemeId } from '@og/shared/domain/schemes';
import { quoteValue } from '../../files/dataset-file-error.js';
import { cellText } from '../../links/crosswalk-file/crosswalk-row.js';
import type { TableRow } from '../../links/crosswalk-file/table-rows.js';
import { findOccCanineColumns } from './occcanine-csv.js';
import { readProbability, schemeOfPrefix } from './prediction-codes.js';
import { PredictionFileError } from './prediction-file-error.js';

/**
 * The reading a table's header and first rows suggest (issue 28's column-mapping step), and a
 * reading's columns found in a header.
 *
 * Known layouts are read without questions: OccCANINE's `predict` tables (wide, greedy, top-k:
 * occcanine-csv.ts) and its evaluation layout, where the model's codes are in
 * `{system}_pred{k}_{j}` columns (no probabilities) and the gold codes in `{system}_{k}`, offered as
 * reference codes. Any other table gets a proposal by the columns' names and values (a title
 * column, code columns, their confidence columns), which the user checks in the preview.
 */

/**
 * `{system}_pred{k}_{j}`: the evaluation layout's model codes, occupation k (1 to 5, as the gold
 * `{system}_{k}` columns hold a title's several occupations) of answer j (0 the best).
 */
const evaluationColumn = /^([A-Za-z][A-Za-z0-9.-]*)_pred(\d+)(?:_(\d+))?$/;
/** `{system}_{k}`: OccCANINE's code columns, and the evaluation layout's gold codes. */
const rankedColumn = /^([A-Za-z][A-Za-z0-9.-]*)_(\d+)$/;
const titleNames = ['occ1', 'inputs', 'occupation', 'occupations', 'title', 'titles', 'occupational title', 'string', 'strings', 'occ', 'text'];
const languageNames = ['lang', 'language', 'languages', 'sprog', 'taal', 'sprak', 'språk', 'lingua', 'langue', 'idioma', 'iso639', 'language code'];
/** Columns kept as context without asking: a year, a source, a place, a row's identifier. */
const contextNames = /^(?:row ?id|rowid|id|row|year|yr|census ?year|date|source|sources|place|parish|county|region|country|municipality|sex|gender|age|district|record ?id|person ?id|pid)$/;
const confidenceName = /^(?:prob|probability|conf|confidence|score|p)(?:[ _-]?(\d+))?$/;
/** OccCANINE's own columns beside the codes: not context. */
const occcanineOwn = /^(?:prob|desc|conf)_?\d*$|^top-?k-?pos$/;

const loose = (name: string) => name.trim().toLowerCase().replace(/[_\s]+/g, ' ');

export interface ReadingProposal {
  layout: PredictionLayout;
  /** Null when nothing in the table looks like a code column. */
  reading: PredictionReading | null;
}

/**
 * The layout a CSV's header is recognised as, and the reading proposed for it. `schemeOfCodes`
 * tells the scheme most of a column's sampled codes belong to (the preview asks the schemes; the
 * job, reading a known layout, does not need it).
 */
export function proposeReading(header: readonly string[], sample: readonly TableRow[], schemeOfCodes: (codes: string[]) => SchemeId | null = () => null): ReadingProposal {
  const names = header.map((name) => name.trim());
  const values = (column: number) => sample.map((row) => cellText(row.cells, column)).filter((value) => value !== '');

  const evaluation = names
    .map((name, column) => ({ column, match: evaluationColumn.exec(name) }))
    .flatMap(({ column, match }) => (match && schemeOfPrefix(match[1]!) ? [{ column, scheme: schemeOfPrefix(match[1]!)!, k: Number(match[2]), j: Number(match[3] ?? 0) }] : []))
    .sort((a, b) => a.j - b.j || a.k - b.k || a.column - b.column);
  if (evaluation.length) {
    const scheme = evaluation[0]!.scheme;
    const used = new Set(evaluation.map((code) => code.column));
    const gold = names.flatMap((name, column) => {
      const match = rankedColumn.exec(name) ?? /^([A-Za-z][A-Za-z0-9.-]*)$/.exec(name);
      return match && schemeOfPrefix(match[1]!) === scheme && !used.has(column) ? [column] : [];
    });
    const title = findTitleColumn(names, sample, new Set([...used, ...gold]));
    if (title >= 0) {
      return {
        layout: 'occcanine-eval',
        reading: withKeptColumns(names, sample, title, new Set([...used, ...gold]), {
          layout: 'columns',
          title: names[title]!,
          codes: evaluation.map((code) => ({ column: names[code.column]!, confidence: null, answer: code.j })),
          scheme,
          firstConfidence: null,
          language: null,
          context: [],
          reference: gold.map((column) => names[column]!),
        }),
      };
    }
  }

  try {
    const columns = findOccCanineColumns(names, sample, 1);
    const codeColumns = new Set(columns.codes.map((code) => code.column));
    const confidence = (k: number) => {
      const column = columns.format === 'occcanine-wide' ? columns.probabilities.get(k) : columns.conf;
      return column === undefined || column < 0 ? null : names[column]!;
    };
    const occcanineColumns = new Set(names.flatMap((name, column) => (occcanineOwn.test(name.toLowerCase()) || codeColumns.has(column) ? [column] : [])));
    const scheme = columns.codes[0]!.scheme;
    // A script's copy of the reference code: a column named after the scheme itself (`hisco`).
    const gold = names.flatMap((name, column) => (!occcanineColumns.has(column) && schemeOfPrefix(name) === scheme ? [column] : []));
    return {
      layout: columns.format,
      reading: withKeptColumns(names, sample, columns.title, new Set([...occcanineColumns, ...gold, ...alternateTitles(names, columns.title)]), {
        layout: columns.format,
        title: names[columns.title]!,
        codes: columns.codes.map((code) => ({ column: names[code.column]!, confidence: confidence(code.k) })),
        scheme,
        firstConfidence: null,
        language: null,
        context: [],
        reference: gold.map((column) => names[column]!),
      }),
    };
  } catch (error) {
    if (!(error instanceof PredictionFileError)) throw error;
  }

  return { layout: 'columns', reading: proposeColumns(names, sample, values, schemeOfCodes) };
}

/** The other columns OccCANINE's scripts name like the title (`inputs` beside `occ1`, pandas' `occ1_1`). */
function alternateTitles(names: readonly string[], title: number): number[] {
  return names.flatMap((name, column) => (column !== title && /^(?:occ1|inputs)(?:_\d+)?$/i.test(name) ? [column] : []));
}

/** A reading for a table of no known layout: code columns by their values, confidences by their names or values. */
function proposeColumns(
  names: readonly string[],
  sample: readonly TableRow[],
  values: (column: number) => string[],
  schemeOfCodes: (codes: string[]) => SchemeId | null,
): PredictionReading | null {
  const codeColumns: { column: number; scheme: SchemeId }[] = [];
  names.forEach((name, column) => {
    const written = values(column);
    if (!written.length || confidenceName.test(name.toLowerCase()) || languageNames.includes(loose(name)) || contextNames.test(loose(name))) return;
    const match = rankedColumn.exec(name);
    const byName = match ? schemeOfPrefix(match[1]!) : schemeOfPrefix(name);
    const scheme = byName ?? (written.every((value) => /^-?[\d.]+$|^[A-Za-z]?\d[\d.-]*$/.test(value)) ? schemeOfCodes(written) : null);
    if (scheme) codeColumns.push({ column, scheme });
  });
  if (!codeColumns.length) return null;
  const scheme = mostCommon(codeColumns.map((code) => code.scheme));
  const codes = codeColumns.filter((code) => code.scheme === scheme);
  const confidences = names.flatMap((name, column) =>
    confidenceName.test(name.toLowerCase()) && values(column).every((value) => readProbability(value) !== null) ? [column] : [],
  );
  const used = new Set([...codes.map((code) => code.column), ...confidences]);
  const title = findTitleColumn(names, sample, used);
  if (title < 0) return null;
  return withKeptColumns(names, sample, title, used, {
    layout: 'columns',
    title: names[title]!,
    codes: codes.map((code, rank) => ({
      column: names[code.column]!,
      confidence: confidences.length === codes.length ? names[confidences[rank]!]! : rank === 0 && confidences.length === 1 ? names[confidences[0]!]! : null,
    })),
    scheme,
    firstConfidence: null,
    language: null,
    context: [],
    reference: [],
  });
}

function mostCommon<T>(items: readonly T[]): T {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** The title column: one named as titles are, else the column with the most letters in its values. */
function findTitleColumn(names: readonly string[], sample: readonly TableRow[], taken: ReadonlySet<number>): number {
  const free = names.map((_, column) => column).filter((column) => !taken.has(column));
  const named = titleNames.map((title) => free.find((column) => loose(names[column]!) === title)).find((column) => column !== undefined);
  if (named !== undefined) return named;
  let best = -1;
  let mostLetters = 0;
  for (const column of free) {
    if (languageNames.includes(loose(names[column]!)) || contextNames.test(loose(names[column]!))) continue;
    const letters = sample.reduce((sum, row) => sum + (cellText(row.cells, column).match(/\p{L}/gu)?.length ?? 0), 0);
    if (letters > mostLetters) {
      best = column;
      mostLetters = letters;
    }
  }
  return best;
}

/** The reading with its language column (by name, or values that are language codes) and the context columns kept by their names. */
function withKeptColumns(names: readonly string[], sample: readonly TableRow[], title: number, taken: ReadonlySet<number>, reading: PredictionReading): PredictionReading {
  const free = names.map((_, column) => column).filter((column) => column !== title && !taken.has(column));
  const language = free.find((column) => languageNames.includes(loose(names[column]!)));
  const context = free.filter((column) => column !== language && contextNames.test(loose(names[column]!)) && sample.some((row) => cellText(row.cells, column) !== ''));
  return { ...reading, language: language === undefined ? null : names[language]!, context: context.map((column) => names[column]!) };
}

/** A reading's columns as places in the header. */
export interface ReadingColumns {
  title: number;
  codes: { column: number; confidence: number }[];
  language: number;
  /** Kept columns (context, then reference) by name. */
  kept: { name: string; column: number }[];
}

/** Finds each column the reading names in the header; a column it does not have fails the file at the header's line. */
export function findReadingColumns(reading: PredictionReading, header: readonly string[], line: number): ReadingColumns {
  const names = header.map((name) => name.trim());
  const find = (name: string) => {
    const column = names.indexOf(name.trim());
    if (column < 0) throw new PredictionFileError(line, `the reading names the column ${quoteValue(name)}, which the header does not have. The header: ${names.slice(0, 20).map(quoteValue).join(', ')}.`);
    return column;
  };
  return {
    title: find(reading.title),
    codes: reading.codes.map((code) => ({ column: find(code.column), confidence: code.confidence === null ? -1 : find(code.confidence) })),
    language: reading.language === null ? -1 : find(reading.language),
    kept: [...new Set([...reading.context, ...reading.reference])].map((name) => ({ name: name.trim(), column: find(name) })),
  };
}
