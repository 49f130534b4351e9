import type { CrosswalkColumns, CrosswalkRelationMap } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { quoteValue } from '../../files/dataset-file-error.js';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import { cellText, type CrosswalkRow, readNumber } from './crosswalk-row.js';
import type { TableRow } from './table-rows.js';
import { readWrittenRelation } from './written-relation.js';

/**
 * A crosswalk CSV: `source_code,target_code[,relation]` and whatever other columns, found by their
 * header names matched loosely (case, spaces, `_`, `-` and `.` do not matter, so `Source Code`,
 * `source-code` and `SOURCE_CODE` are one name). The first name of each list the header has wins:
 *
 * - source: `source_code`, `source`, `from_code`, `code_from`, `from`, `source_id`, then the source
 *   scheme's id with or without `code` (`hisco_code`, `hisco`, `code_hisco`, `hisco_id`);
 * - target: the same with `target` and `to`, then the target scheme's id;
 * - relation (optional): `relation`, `relationship`, `predicate`, `predicate_id`, `match`,
 *   `match_type`, `mapping`, `mapping_relation`, `mapping_type`, `skos_relation`; a value is read
 *   with readWrittenRelation (written-relation.ts), anything else in it is a bad relation;
 * - weight (optional): the column the admin names (`weightColumn`; `none`: no weights), else the
 *   first named `confidence`, `weight` or `share…`, else the first named `n…` (`n`, `n_titles`) or
 *   `count…`: shares are preferred to counts, as they need no totals. A column whose name is a count's
 *   holds counts, which the import makes shares of the source code's total; any other holds shares;
 * - `author` / `author_id`, `date` / `mapping_date` (optional).
 *
 * A relation value that the admin's `relationMap` names is read as the relation it maps to.
 */

/** The schemes the admin chose, whose ids may name the code columns. */
export interface CrosswalkSchemes {
  sourceScheme?: SchemeId;
  targetScheme?: SchemeId;
}

/** How the admin asked for the columns to be read. */
export interface CsvReading {
  /** A header name, or `none`; absent: detected. */
  weightColumn?: string;
  relationMap?: CrosswalkRelationMap;
}

/** Where the columns read are (-1: not in the file), and what they were read as. */
export interface CsvColumns {
  source: number;
  target: number;
  relation: number;
  weight: number;
  author: number;
  date: number;
  relationMap: CrosswalkRelationMap;
  described: CrosswalkColumns;
}

const isCountName = (name: string) => /^(?:n|count)(?:$|[^a-z])/i.test(name.trim()) || /^count/i.test(name.trim());
const isShareName = (name: string) => ['confidence', 'weight'].includes(looseName(name)) || looseName(name).startsWith('share');

const looseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const schemeNames = (scheme: SchemeId | undefined) => {
  if (!scheme) return [];
  const id = looseName(scheme);
  return [`${id}code`, id, `code${id}`, `${id}id`];
};

export function findCsvColumns(header: readonly string[], line: number, schemes: CrosswalkSchemes, reading: CsvReading = {}): CsvColumns {
  const names = header.map(looseName);
  const find = (candidates: readonly string[], taken = -1) => {
    for (const candidate of candidates) {
      const index = names.findIndex((name, column) => name === candidate && column !== taken);
      if (index >= 0) return index;
    }
    return -1;
  };
  const source = find(['sourcecode', 'source', 'fromcode', 'codefrom', 'from', 'sourceid', ...schemeNames(schemes.sourceScheme)]);
  const target = find(['targetcode', 'target', 'tocode', 'codeto', 'to', 'targetid', ...schemeNames(schemes.targetScheme)], source);
  if (source < 0 || target < 0) {
    const shown = header.slice(0, 20).map((name) => quoteValue(name));
    throw new CrosswalkFileError(
      line,
      `the header has no ${source < 0 ? 'source' : 'target'} code column (name it ${source < 0 ? 'source_code' : 'target_code'}; the header: ${shown.join(', ')}${header.length > 20 ? ', …' : ''}).`,
    );
  }
  const relation = find(['relation', 'relationship', 'predicate', 'predicateid', 'match', 'matchtype', 'mapping', 'mappingrelation', 'mappingtype', 'skosrelation']);
  const author = find(['author', 'authorid']);
  const date = find(['date', 'mappingdate']);
  const weight = findWeightColumn(header, line, [source, target, relation, author, date], reading.weightColumn);
  const read = new Set([source, target, relation, weight, author, date]);
  const described: CrosswalkColumns = {
    source: header[source]!,
    target: header[target]!,
    ...(relation >= 0 ? { relation: header[relation]! } : {}),
    ...(weight >= 0 ? { weight: header[weight]!, weightAs: isCountName(header[weight]!) ? ('count' as const) : ('share' as const) } : {}),
    ignored: header.filter((_, column) => !read.has(column)),
  };
  return { source, target, relation, weight, author, date, relationMap: reading.relationMap ?? {}, described };
}

/** The weight column: the one named (its header name as written, or loosely), none, or the detected one; -1 for none. */
function findWeightColumn(header: readonly string[], line: number, taken: number[], named: string | undefined): number {
  if (named?.trim().toLowerCase() === 'none') return -1;
  if (named !== undefined) {
    const exact = header.findIndex((name) => name === named.trim());
    const column = exact >= 0 ? exact : header.findIndex((name) => looseName(name) === looseName(named));
    if (column < 0) throw new CrosswalkFileError(line, `the header has no weight column ${quoteValue(named)} (its columns: ${header.slice(0, 20).map((name) => quoteValue(name)).join(', ')}).`);
    return column;
  }
  const free = (column: number) => !taken.includes(column);
  const share = header.findIndex((name, column) => free(column) && isShareName(name));
  return share >= 0 ? share : header.findIndex((name, column) => free(column) && isCountName(name));
}

/** A row of the file as a crosswalk row; null for a row with neither code. */
export function readCsvRow({ line, cells }: TableRow, columns: CsvColumns): CrosswalkRow | null {
  const sourceCode = cellText(cells, columns.source);
  const targetCode = cellText(cells, columns.target);
  if (!sourceCode && !targetCode) return null;
  const relationText = cellText(cells, columns.relation);
  const relation = relationText ? (columns.relationMap[relationText] ?? readWrittenRelation(relationText)) : null;
  const author = cellText(cells, columns.author);
  const date = cellText(cells, columns.date);
  const weightText = cellText(cells, columns.weight);
  const weight = weightText ? readNumber(weightText) : undefined;
  return {
    line,
    sourceCode,
    targetCode,
    relation,
    badRelation: relationText && !relation ? relationText : undefined,
    ...(weight !== undefined ? { weight } : weightText ? { badWeight: weightText } : {}),
    author: author || undefined,
    date: date || undefined,
  };
}
