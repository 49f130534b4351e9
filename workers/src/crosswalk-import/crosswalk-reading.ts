import fs from 'node:fs';
import type { CrosswalkColumns, LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput } from '@og/shared/jobs/job-kinds';
import type { CrosswalkRefusal } from '@og/api/db/queries/crosswalk-refusals';
import type { WeightedLinkEnds } from '@og/api/db/queries/link-records';
import type { LinkRejection } from '@og/api/db/queries/link-rejections';
import { openCrosswalkFile } from '@og/api/links/crosswalk-file/crosswalk-file';
import type { CrosswalkRow } from '@og/api/links/crosswalk-file/crosswalk-row';
import { storedLinkOfIris } from '@og/api/links/link-edits';
import type { StoredLink } from '@og/api/links/link-queries';
import type { SchemeIris } from '@og/api/schemes/scheme-iris';
import { findCode, type SchemeCodes } from '../scheme-codes/scheme-codes.js';
import { ImportWeights } from './import-weights.js';

/** A link the import makes, with its facts. */
export type ImportedLink = StoredLink & WeightedLinkEnds;

/** What the reading of a crosswalk file needs: the file, the two schemes and how the admin asked it to be read. */
export type CrosswalkReadingInput = Pick<JobInput<'crosswalk.import'>, 'path' | 'source' | 'target' | 'relation' | 'weightColumn' | 'relationMap'>;

/** A crosswalk file read: every row accounted for (a link, a refusal or a negated mapping). */
export interface CrosswalkRead {
  rows: number;
  /** The links the rows make, in the records' key order (first IRI, then second, byte by byte), each with its weight. */
  links: ImportedLink[];
  /** In line order. */
  refusals: CrosswalkRefusal[];
  /** SSSOM's negated mappings, kept as rejected pairs. */
  rejections: LinkRejection[];
  /** Rows that are negated mappings (a pair named twice counts twice). */
  negatedRows: number;
  /** The relation column holds no SKOS relation at all, so every row took the relation chosen. */
  relationColumnIgnored: boolean;
  columns: CrosswalkColumns;
  /** An SSSOM file's `mapping_set_id` and licence. */
  metadata: { mappingSetId: string | null; license: string | null } | null;
}

/** A row's `mapping_date` (SSSOM's `YYYY-MM-DD`) as the day it names, at midnight UTC; null for none or another form. */
function fileDate(written: string | undefined): Date | null {
  if (!written || !/^\d{4}-\d{2}-\d{2}$/.test(written)) return null;
  const date = new Date(`${written}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const rowsPerReport = 5_000;

/**
 * Reads every row of the file, refusing (with its reason) each row whose codes are not codes of
 * the two schemes or whose relation is none of the five; a later row that makes a link again
 * replaces it. `onRows` hears how many rows are read, every {@link rowsPerReport}, and is awaited
 * (it may throw, to stop). A file that cannot be read, or a bad weight, throws a CrosswalkFileError.
 */
export async function readCrosswalk(
  input: CrosswalkReadingInput,
  codes: { iris: SchemeIris; source: SchemeCodes; target: SchemeCodes },
  onRows: (rows: number) => Promise<void>,
): Promise<CrosswalkRead> {
  const { source, target } = input;
  const { iris } = codes;
  const file = await openCrosswalkFile(fs.createReadStream(input.path), { sourceScheme: source, targetScheme: target }, { weightColumn: input.weightColumn, relationMap: input.relationMap });
  const weights = new ImportWeights(file.columns.weightAs === 'count', source < target ? 'first' : 'second');

  // The links by their first code's IRI, then their second's: a link made again by a later row replaces it.
  const links = new Map<string, Map<string, ImportedLink>>();
  const refusals: CrosswalkRefusal[] = [];
  let rows = 0;
  const refuse = (row: CrosswalkRow, reason: string) =>
    refusals.push({ line: row.line, sourceCode: row.sourceCode, targetCode: row.targetCode, relation: row.relation ?? row.badRelation ?? null, reason });
  // Rows whose relation cell reads as no SKOS relation wait for the end of the file: a column that
  // holds no SKOS relation at all (HISCO's relation codes `21`, `13` in hisco-hisclass.csv) is not a
  // mapping-relation column, and its rows take the relation chosen for rows that name none.
  const unreadRelation: { row: CrosswalkRow; sourceValue: string | null; targetValue: string | null }[] = [];
  let readRelations = 0;
  // One IRI string per code, made once however many rows name the code (a file's 100,000 links
  // name a few thousand codes) and looked up by the code's value: the maps of links, the N-Triples
  // and the records then hash and copy a few thousand strings, not 200,000 fresh ones.
  const sourceIris = new Map<string, string>();
  const targetIris = new Map<string, string>();
  const iriOf = (made: Map<string, string>, scheme: SchemeId, value: string) => {
    let iri = made.get(value);
    if (iri === undefined) made.set(value, (iri = iris.code(scheme, value)));
    return iri;
  };
  const sourceFirst = source < target;
  // SSSOM's negated mappings (`predicate_modifier: Not`) are kept as negative mappings (rejections), never links.
  const rejections = new Map<string, LinkRejection>();
  let negatedRows = 0;
  const reject = (row: CrosswalkRow, sourceValue: string | null, targetValue: string | null) => {
    if (sourceValue === null) refuse(row, 'unknown source code');
    else if (targetValue === null) refuse(row, 'unknown target code');
    else {
      negatedRows++;
      const pair = storedLinkOfIris(sourceFirst, iriOf(sourceIris, source, sourceValue), iriOf(targetIris, target, targetValue), row.relation ?? input.relation);
      rejections.set(`${pair.first} ${pair.second}`, {
        first: pair.first,
        second: pair.second,
        relation: pair.relation,
        madeBy: null,
        comment: row.comment ?? null,
        madeAt: fileDate(row.date),
      });
    }
  };
  const take = (row: CrosswalkRow, sourceValue: string | null, targetValue: string | null, relation: LinkRelation) => {
    if (sourceValue === null) refuse(row, 'unknown source code');
    else if (targetValue === null) refuse(row, 'unknown target code');
    else {
      const link: ImportedLink = storedLinkOfIris(sourceFirst, iriOf(sourceIris, source, sourceValue), iriOf(targetIris, target, targetValue), relation);
      if (row.justification) link.justification = row.justification;
      if (row.comment) link.comment = row.comment;
      if (row.score !== undefined) link.score = row.score;
      const madeAt = fileDate(row.date);
      if (madeAt) link.madeAt = madeAt;
      let seconds = links.get(link.first);
      if (!seconds) links.set(link.first, (seconds = new Map()));
      const replaced = seconds.get(link.second);
      seconds.set(link.second, link);
      if (replaced) weights.moveTo(replaced, link);
      if (row.weight !== undefined) weights.add(link, sourceValue, row.weight);
    }
  };
  for await (const batch of file.batches) {
    for (const row of batch) {
      if (++rows % rowsPerReport === 0) await onRows(rows);
      const sourceValue = row.sourceCode ? findCode(iris, source, codes.source, row.sourceCode, row.sourceIri) : null;
      const targetValue = row.targetCode ? findCode(iris, target, codes.target, row.targetCode, row.targetIri) : null;
      if (row.relation) readRelations++;
      weights.check(row);
      if (!row.sourceCode) refuse(row, 'no source code');
      else if (!row.targetCode) refuse(row, 'no target code');
      else if (row.negated) reject(row, sourceValue, targetValue);
      else if (row.badRelation !== undefined) unreadRelation.push({ row, sourceValue, targetValue });
      else take(row, sourceValue, targetValue, row.relation ?? input.relation);
    }
  }
  const relationColumnIgnored = readRelations === 0 && unreadRelation.length > 0;
  for (const { row, sourceValue, targetValue } of unreadRelation) {
    if (relationColumnIgnored) take(row, sourceValue, targetValue, input.relation);
    else refuse(row, 'bad relation');
  }
  weights.throwIfBad(file.columns.weight ?? '');
  weights.apply();
  refusals.sort((a, b) => a.line - b.line);

  // In the records' key order (the IRIs are ASCII, so code units sort as bytes): the index takes them in fastest.
  const made: ImportedLink[] = [];
  for (const first of [...links.keys()].sort()) {
    const seconds = links.get(first)!;
    for (const second of [...seconds.keys()].sort()) made.push(seconds.get(second)!);
  }
  const metadata = file.metadata ? { mappingSetId: file.metadata.mappingSetId, license: file.metadata.license } : null;
  return { rows, links: made, refusals, rejections: [...rejections.values()], negatedRows, relationColumnIgnored, columns: file.columns, metadata };
}
