import { type SchemeId, schemeById, schemeIds } from '@og/shared/domain/schemes';

/**
 * The title and code columns the upload wizard pre-selects for a file, guessed from the header's
 * names together with the first rows' values: a title column is named like one (in any of the
 * languages of the data the product holds: `title`, `occupation`, `beroep`, `Beruf`, `yrke`…, or
 * `inputs` and `occ1` as OccCANINE names its input) and holds words; a code column is named after
 * a scheme or a code (`hisco`, `isco08`, `hisco_1`, `esco_code`) and holds codes. Nothing is guessed
 * when nothing is convincing: a code column needs its name, and a title column without one must be
 * the file's only column of words not named after codes.
 */

export interface ColumnGuess {
  titleColumn: string | null;
  codeColumn: string | null;
}

/** Names of a title column: English and the languages of the titles the product holds (normalised by {@link nameKey}). */
const titleNames = [
  'title', 'titles', 'jobtitle', 'occupation', 'occupations', 'occupational', 'occ', 'inputs', 'input', 'job', 'profession', 'trade',
  'titel', 'titre', 'titolo', 'beroep', 'beruf', 'berufsbezeichnung', 'yrke', 'erhverv', 'stilling', 'metier', 'mestiere', 'professione',
  'occupazione', 'zawod', 'profesja', 'oficio', 'ocupacion', 'ocupacao', 'profissao',
];

/** Other names a scheme's codes go by in files (a scheme's id and label are names of its codes too). */
const schemeAliases: Partial<Record<SchemeId, string[]>> = {
  isco08: ['isco'],
  soc2020: ['soc'],
  onet: ['onetsoc'],
  naf2: ['naf'],
  pcs2020: ['pcs'],
  'nace2.1': ['nace'],
  nace2: ['nace'],
};

/** The names a scheme's codes go by: its id, its label, and the aliases above. */
export function schemeNames(scheme: SchemeId): string[] {
  return [scheme, schemeById(scheme).label, ...(schemeAliases[scheme] ?? [])].map(nameKey);
}

/** Names of a code column: any scheme's, and the word "code" in the languages above. */
const codeNames = [...schemeIds.flatMap(schemeNames), 'isco88', 'code', 'codes', 'kode', 'kod', 'codice', 'codigo', 'cod'];

/** A column name as compared: lower case, accents dropped, only letters and digits (`Métier` → `metier`, `hisco_1` → `hisco1`). */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * How much a column name says it is one of `names`: 1 when it is one, 0.9 when it is one numbered
 * (`hisco_1`, `occ1`), 0.7 when it starts or ends with one (`esco_code`, `jobtitle`), 0.4 when a
 * long one is inside it (`en_hisco_text`), else 0.
 */
export function nameScore(column: string, names: readonly string[]): number {
  const key = nameKey(column);
  let best = 0;
  for (const name of names) {
    if (key === name) return 1;
    if (key.startsWith(name) && /^\d+$/.test(key.slice(name.length))) best = Math.max(best, 0.9);
    else if (name.length >= 3 && (key.startsWith(name) || key.endsWith(name))) best = Math.max(best, 0.7);
    else if (name.length >= 5 && key.includes(name)) best = Math.max(best, 0.4);
  }
  return best;
}

/** Words: at least two letters, letters most of what is not a space, and not a code. */
function looksLikeTitle(value: string): boolean {
  const letters = value.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 2 && letters >= 0.6 * value.replace(/\s/g, '').length && !looksLikeCode(value);
}

/** One short token holding digits, no more letters than digits: `01110`, `11-1011.00`, `75145.0`, `01.11Z`, `2,2,18,1,2,1,2,0`, an ESCO UUID. */
function looksLikeCode(value: string): boolean {
  if (value.length > 40 || /\s/.test(value)) return false;
  const digits = value.match(/\d/g)?.length ?? 0;
  const letters = value.match(/\p{L}/gu)?.length ?? 0;
  return digits > 0 && digits >= letters;
}

interface ColumnValues {
  column: string;
  /** The column's non-empty values in the sample, trimmed. */
  values: string[];
}

/** The share of a column's values that pass a test (0 for a column without values). */
function shareOf(values: readonly string[], test: (value: string) => boolean): number {
  return values.length === 0 ? 0 : values.filter(test).length / values.length;
}

/** Most of its values must look the part for a column to be guessed. */
const convincingShare = 0.6;

/** Guesses the title and code columns of a file from its header and its first rows. */
export function guessColumns(header: readonly string[], sample: readonly (readonly string[])[]): ColumnGuess {
  const columns: ColumnValues[] = header
    .map((column, index) => ({ column, values: sample.map((row) => (row[index] ?? '').trim()).filter((value) => value !== '') }))
    .filter(({ column }) => column !== '');

  const titles = columns.map(({ column, values }) => ({ column, name: nameScore(column, titleNames), content: shareOf(values, looksLikeTitle) }));
  const named = titles.filter(({ name, content }) => name > 0 && content >= convincingShare);
  // Without a title-like name, content alone convinces only when one column of the file holds
  // words, and its name does not say it holds codes (or their labels, as `en_hisco_text`).
  const wordy = titles.filter(({ column, content }) => content >= 0.9 && nameScore(column, codeNames) === 0);
  const title = best(named) ?? (wordy.length === 1 ? wordy[0]! : null);

  const codes = columns
    .filter(({ column }) => column !== title?.column)
    .map(({ column, values }) => ({ column, name: nameScore(column, codeNames), content: shareOf(values, looksLikeCode) }))
    .filter(({ name, content }) => name > 0 && content >= convincingShare);
  return { titleColumn: title?.column ?? null, codeColumn: best(codes)?.column ?? null };
}

/** The candidate whose name and content together say most; the first of equals. */
function best<T extends { name: number; content: number }>(candidates: readonly T[]): T | null {
  let found: T | null = null;
  for (const candidate of candidates) {
    if (!found || candidate.name + candidate.content > found.name + found.content) found = candidate;
  }
  return found;
}
