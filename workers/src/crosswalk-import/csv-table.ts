import type { SchemeId } from '@og/shared/domain/schemes';
import { quoteValue } from '../dataset-ingest/dataset-file-error.js';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import { cellText, type CrosswalkRow, readConfidence } from './crosswalk-row.js';
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
 * - `confidence`, `author` / `author_id`, `date` / `mapping_date` (optional).
 */

/** The schemes the admin chose, whose ids may name the code columns. */
export interface CrosswalkSchemes {
  sourceScheme?: SchemeId;
  targetScheme?: SchemeId;
}

/** Where the columns read are (-1: not in the file). */
export interface CsvColumns {
  source: number;
  target: number;
  relation: number;
  confidence: number;
  author: number;
  date: number;
}

const looseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const schemeNames = (scheme: SchemeId | undefined) => {
  if (!scheme) return [];
  const id = looseName(scheme);
  return [`${id}code`, id, `code${id}`, `${id}id`];
};

export function findCsvColumns(header: readonly string[], line: number, schemes: CrosswalkSchemes): CsvColumns {
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
  return {
    source,
    target,
    relation: find(['relation', 'relationship', 'predicate', 'predicateid', 'match', 'matchtype', 'mapping', 'mappingrelation', 'mappingtype', 'skosrelation']),
    confidence: find(['confidence']),
    author: find(['author', 'authorid']),
    date: find(['date', 'mappingdate']),
  };
}

/** A row of the file as a crosswalk row; null for a row with neither code. */
export function readCsvRow({ line, cells }: TableRow, columns: CsvColumns): CrosswalkRow | null {
  const sourceCode = cellText(cells, columns.source);
  const targetCode = cellText(cells, columns.target);
  if (!sourceCode && !targetCode) return null;
  const relationText = cellText(cells, columns.relation);
  const relation = relationText ? readWrittenRelation(relationText) : null;
  const author = cellText(cells, columns.author);
  const date = cellText(cells, columns.date);
  return {
    line,
    sourceCode,
    targetCode,
    relation,
    badRelation: relationText && !relation ? relationText : undefined,
    confidence: readConfidence(cellText(cells, columns.confidence), line),
    author: author || undefined,
    date: date || undefined,
  };
}
