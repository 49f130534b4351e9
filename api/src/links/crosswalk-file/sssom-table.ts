import { type CrosswalkColumns, linkRelations } from '@og/shared/contracts/links';
import { quoteValue } from '../../files/dataset-file-error.js';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import { cellText, type CrosswalkRow, readConfidence } from './crosswalk-row.js';
import type { SssomMetadata } from './sssom-metadata.js';
import type { TableRow } from './table-rows.js';
import { readWrittenRelation } from './written-relation.js';

/**
 * The mappings block of an SSSOM/TSV file, read row by row. The whole file fails, naming the line,
 * on what makes it not a valid mapping set for us: a CURIE whose prefix is not declared (in any
 * column read: ids, `mapping_justification`, `author_id`), and a `predicate_id` that is not one of
 * the five SKOS mapping relations. Columns other than those below (labels…) are not read.
 */

/** Where the columns read are (-1: not in the file). */
export interface SssomColumns {
  subject: number;
  predicate: number;
  object: number;
  justification: number;
  modifier: number;
  confidence: number;
  score: number;
  author: number;
  date: number;
  comment: number;
}

export function findSssomColumns(header: readonly string[], line: number): SssomColumns {
  const columns: SssomColumns = {
    subject: header.indexOf('subject_id'),
    predicate: header.indexOf('predicate_id'),
    object: header.indexOf('object_id'),
    justification: header.indexOf('mapping_justification'),
    modifier: header.indexOf('predicate_modifier'),
    confidence: header.indexOf('confidence'),
    score: header.indexOf('similarity_score'),
    author: header.indexOf('author_id'),
    date: header.indexOf('mapping_date'),
    comment: header.indexOf('comment'),
  };
  const missing = (['subject_id', 'predicate_id', 'object_id'] as const).filter((name) => !header.includes(name));
  if (missing.length) {
    throw new CrosswalkFileError(line, `the SSSOM table has no ${missing.join(', ')} column (its header: ${header.slice(0, 20).map((name) => quoteValue(name)).join(', ')}).`);
  }
  return columns;
}

/** How the table's columns are read, for the import's result. */
export function describeSssomColumns(header: readonly string[], columns: SssomColumns): CrosswalkColumns {
  const read = new Set(Object.values(columns));
  return {
    source: 'subject_id',
    target: 'object_id',
    relation: 'predicate_id',
    ...(columns.confidence >= 0 ? { weight: 'confidence', weightAs: 'share' as const } : {}),
    ignored: header.filter((_, column) => !read.has(column)),
  };
}

const relationCuries = linkRelations.map((relation) => `skos:${relation}`).join(', ');

/** A row of the table as a crosswalk row; null for a row with neither subject nor object. */
export function readSssomRow({ line, cells }: TableRow, columns: SssomColumns, metadata: SssomMetadata): CrosswalkRow | null {
  const subjectText = cellText(cells, columns.subject);
  const objectText = cellText(cells, columns.object);
  if (!subjectText && !objectText) return null;
  const expand = (written: string, column: string) => expandCurie(written, column, metadata.prefixes, line);
  const subject = subjectText ? expand(subjectText, 'subject_id') : null;
  const object = objectText ? expand(objectText, 'object_id') : null;

  const predicateText = cellText(cells, columns.predicate);
  const relation = predicateText ? readWrittenRelation(expand(predicateText, 'predicate_id').iri) : null;
  if (!relation) {
    throw new CrosswalkFileError(line, `the predicate_id ${quoteValue(predicateText)} is not a SKOS mapping relation (${relationCuries}).`);
  }
  const modifier = cellText(cells, columns.modifier);
  if (modifier && modifier !== 'Not') throw new CrosswalkFileError(line, `the predicate_modifier ${quoteValue(modifier)} is not SSSOM's ('Not', or empty).`);

  const justification = cellText(cells, columns.justification);
  if (justification) expand(justification, 'mapping_justification');
  const score = readConfidence(cellText(cells, columns.score), line, 'similarity_score');
  // A confidence that restates the row's similarity score is how sure a matcher was (our export
  // writes an accepted suggestion's score so), not a share of the subject: it is no weight.
  const stated = readConfidence(cellText(cells, columns.confidence), line);
  const confidence = stated !== undefined && stated === score ? undefined : stated;
  const author = cellText(cells, columns.author);
  const comment = cellText(cells, columns.comment);
  for (const id of author.split('|')) if (id.trim()) expand(id.trim(), 'author_id');

  return {
    line,
    sourceCode: subject?.code ?? '',
    targetCode: object?.code ?? '',
    relation,
    // A negated mapping ('subject is not a match of object') is no link: the import keeps it as a rejection.
    ...(modifier ? { negated: true } : {}),
    ...(score !== undefined ? { score } : {}),
    sourceIri: subject?.iri,
    targetIri: object?.iri,
    ...(confidence !== undefined ? { weight: confidence } : {}),
    ...(justification ? { justification } : {}),
    author: author || undefined,
    // SSSOM's propagation: a set-level mapping_date is every mapping's when the table has no such column.
    date: (columns.date >= 0 ? cellText(cells, columns.date) : metadata.mappingDate) || undefined,
    ...(comment ? { comment } : {}),
  };
}

/** A CURIE of the file as a full IRI, and as the code it names: what follows the prefix, percent-encoding undone. */
export function expandCurie(written: string, column: string, prefixes: ReadonlyMap<string, string>, line: number): { iri: string; code: string } {
  const curie = /^([A-Za-z_][\w.-]*):(.*)$/s.exec(written);
  const prefix = curie?.[1];
  const local = curie?.[2];
  if (prefix === undefined || local === undefined || local.startsWith('//')) {
    throw new CrosswalkFileError(line, `the ${column} ${quoteValue(written)} is not a CURIE (prefix:code, with the prefix declared in the curie_map).`);
  }
  const namespace = prefixes.get(prefix);
  if (namespace === undefined) throw new CrosswalkFileError(line, `the prefix '${prefix}' of the ${column} ${quoteValue(written)} is not declared in the curie_map.`);
  return { iri: namespace + local, code: percentDecoded(local) };
}

function percentDecoded(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
