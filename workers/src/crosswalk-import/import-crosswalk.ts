import crypto from 'node:crypto';
import fs from 'node:fs';
import type { LinkRelation } from '@og/shared/contracts/links';
import { unspecifiedMatching } from '@og/shared/domain/link-justifications';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import type { Database } from '@og/api/db/database';
import { appendAudit } from '@og/api/db/queries/audit-log';
import { type CrosswalkReading, findCrosswalkSetOfFile, saveCrosswalkSet } from '@og/api/db/queries/crosswalk-sets';
import { type CrosswalkRefusal, insertCrosswalkRefusals } from '@og/api/db/queries/crosswalk-refusals';
import { type LinkRejection, saveLinkRejections } from '@og/api/db/queries/link-rejections';
import type { LinkMaker, WeightedLinkEnds } from '@og/api/db/queries/link-records';
import { pairGraph, storedLink, storedLinkOfIris } from '@og/api/links/link-edits';
import type { StoredLink } from '@og/api/links/link-queries';
import { existingLinks, writeSetLinks } from '@og/api/links/set-links';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { withSchemeLock } from '@og/api/schemes/scheme-lock';
import { quoteValue } from '@og/api/files/dataset-file-error';
import { findCode, schemeCodes } from '../scheme-codes/scheme-codes.js';
import { CrosswalkFileError } from '@og/api/links/crosswalk-file/crosswalk-file-error';
import { openCrosswalkFile } from '@og/api/links/crosswalk-file/crosswalk-file';
import type { CrosswalkRow } from '@og/api/links/crosswalk-file/crosswalk-row';

/** A link the import makes, with its facts. */
type ImportedLink = StoredLink & WeightedLinkEnds;

/** Rows with a bad weight listed in the import's failure. */
const badWeightsShown = 20;

/**
 * The weights of a file's links: each weight cell checked as its row is read, then, once every row
 * is, counts made shares of their source code's total over the links made (so the weights of a
 * source code's links sum to 1), shares taken as they are. Any bad weight fails the whole import.
 */
class ImportWeights {
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

/** A row's `mapping_date` (SSSOM's `YYYY-MM-DD`) as the day it names, at midnight UTC; null for none or another form. */
function fileDate(written: string | undefined): Date | null {
  if (!written || !/^\d{4}-\d{2}-\d{2}$/.test(written)) return null;
  const date = new Date(`${written}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The file's SHA-256 (hex), read as it streams. */
async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const refusalsPerInsert = 5_000;
const rowsPerReport = 5_000;

/**
 * `crosswalk.import`: reads every row of the file, refusing (with its reason) each row whose codes
 * are not codes of the two schemes or whose relation is none of the five; then, under the locks of
 * both schemes, writes the links the store does not have yet in one load (a re-import adds
 * nothing), bumps both schemes' revisions and records the import. A file that cannot be read
 * throws before anything is written.
 *
 * The import is a crosswalk set (db/queries/crosswalk-sets.ts): its name (the file's unless the
 * input names it), file and the file's hash, `mapping_set_id` (an SSSOM file's own, else one minted
 * for the set), licence (the input's, else an SSSOM file's), origin, who and when, and its counts;
 * its links name it. When a set of the pair (either direction) holds the same file read the same
 * way already (the same default relation, weight column, relation map and justification: another
 * relation map may link rows the first import refused), the import writes nothing and answers that
 * set as `sameAs`.
 */
export async function importCrosswalk(
  deps: { schemes: SchemeContext; db: Database },
  input: JobInput<'crosswalk.import'>,
  context: { jobId: string; actorId: string | null; report: (progress: JobProgressOf<'crosswalk.import'>) => Promise<void>; signal: AbortSignal },
): Promise<JobResult<'crosswalk.import'>> {
  const { schemes, db } = deps;
  const { source, target } = input;
  const [sourceCodes, targetCodes] = await Promise.all([schemeCodes(schemes, source), schemeCodes(schemes, target)]);
  const file = await openCrosswalkFile(fs.createReadStream(input.path), { sourceScheme: source, targetScheme: target }, { weightColumn: input.weightColumn, relationMap: input.relationMap });
  const weights = new ImportWeights(file.columns.weightAs === 'count', source < target ? 'first' : 'second');
  const sha256 = fileSha256(input.path);
  sha256.catch(() => undefined); // awaited below

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
  // SSSOM's negated mappings (`predicate_modifier: Not`) are kept as negative mappings (rejections), never links.
  const rejections = new Map<string, LinkRejection>();
  let negatedRows = 0;
  const reject = (row: CrosswalkRow, sourceValue: string | null, targetValue: string | null) => {
    if (sourceValue === null) refuse(row, 'unknown source code');
    else if (targetValue === null) refuse(row, 'unknown target code');
    else {
      negatedRows++;
      const pair = storedLink(schemes, { scheme: source, value: sourceValue }, { scheme: target, value: targetValue }, row.relation ?? input.relation);
      rejections.set(`${pair.first} ${pair.second}`, {
        first: pair.first,
        second: pair.second,
        relation: pair.relation,
        madeBy: context.actorId,
        comment: row.comment ?? null,
        madeAt: fileDate(row.date),
      });
    }
  };
  // One IRI string per code, made once however many rows name the code (a file's 100,000 links
  // name a few thousand codes) and looked up by the code's value: the maps of links, the N-Triples
  // and the records then hash and copy a few thousand strings, not 200,000 fresh ones.
  const sourceIris = new Map<string, string>();
  const targetIris = new Map<string, string>();
  const iriOf = (iris: Map<string, string>, scheme: SchemeId, value: string) => {
    let made = iris.get(value);
    if (made === undefined) iris.set(value, (made = schemes.iris.code(scheme, value)));
    return made;
  };
  const sourceFirst = source < target;
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
  for await (const row of file.rows) {
    if (++rows % rowsPerReport === 0) {
      context.signal.throwIfAborted();
      await context.report({ phase: 'reading', done: rows, total: null, unit: 'rows' });
    }
    const sourceValue = row.sourceCode ? findCode(schemes, source, sourceCodes, row.sourceCode, row.sourceIri) : null;
    const targetValue = row.targetCode ? findCode(schemes, target, targetCodes, row.targetCode, row.targetIri) : null;
    if (row.relation) readRelations++;
    weights.check(row);
    if (!row.sourceCode) refuse(row, 'no source code');
    else if (!row.targetCode) refuse(row, 'no target code');
    else if (row.negated) reject(row, sourceValue, targetValue);
    else if (row.badRelation !== undefined) unreadRelation.push({ row, sourceValue, targetValue });
    else take(row, sourceValue, targetValue, row.relation ?? input.relation);
  }
  const relationColumnIgnored = readRelations === 0 && unreadRelation.length > 0;
  for (const { row, sourceValue, targetValue } of unreadRelation) {
    if (relationColumnIgnored) take(row, sourceValue, targetValue, input.relation);
    else refuse(row, 'bad relation');
  }
  weights.throwIfBad(file.columns.weight ?? '');
  weights.apply();
  refusals.sort((a, b) => a.line - b.line);
  const matched = rows - refusals.length - negatedRows;

  const fileHash = await sha256;
  const reading: CrosswalkReading = { relation: input.relation, weightColumn: input.weightColumn ?? null, relationMap: input.relationMap ?? {}, justification: input.justification ?? null };

  const [first, second] = [source, target].sort() as [SchemeId, SchemeId];
  const outcome = await withSchemeLock(schemes, first, () =>
    withSchemeLock(schemes, second, async () => {
      await context.report({ phase: 'writing', done: rows, total: rows, unit: 'rows' });
      const graph = pairGraph(schemes, source, target);
      const same = await findCrosswalkSetOfFile(db, { a: source, b: target, sha256: fileHash, reading, exceptJobId: context.jobId });
      if (same) {
        links.clear();
        const result = { imported: 0, alreadyPresent: matched, refused: refusals.length, columns: file.columns, sameAs: same.id };
        await appendAudit(db, { actorId: context.actorId, action: 'crosswalk.import', scheme: null, subject: graph, before: null, after: { ...input, ...result } });
        return { imported: 0, setId: undefined, sameAs: same.id };
      }
      const existing = await existingLinks(schemes, graph);
      // In the records' key order (the IRIs are ASCII, so code units sort as bytes): the index takes them in fastest.
      const made: ImportedLink[] = [];
      for (const first of [...links.keys()].sort()) {
        const seconds = links.get(first)!;
        for (const second of [...seconds.keys()].sort()) made.push(seconds.get(second)!);
      }
      const added = existing.size === 0 ? made : made.filter((link) => !existing.has(`${link.first} ${link.second}`));
      // Let their keys go before the load: while the store's memory grows, V8 runs full collections of this heap again and again.
      links.clear();
      existing.clear();
      const newId = crypto.randomUUID();
      const setId = await saveCrosswalkSet(db, {
        id: newId,
        jobId: context.jobId,
        name: input.name ?? input.originalName,
        fileName: input.originalName,
        source,
        target,
        mappingSetId: file.metadata?.mappingSetId ?? `${schemes.iris.baseIri}crosswalk-sets/${newId}`,
        license: input.license ?? file.metadata?.license ?? null,
        origin: input.origin ?? null,
        sha256: fileHash,
        reading,
        createdBy: context.actorId,
        imported: added.length,
        alreadyPresent: matched - added.length,
        refused: refusals.length,
      });
      if (added.length) {
        const maker: LinkMaker = {
          // Who imported the links is the set's (created_by): a record's own maker would cost a key check per link.
          madeBy: null,
          source: `crosswalk.import:${context.jobId}:${input.originalName}`,
          justification: input.justification ?? unspecifiedMatching,
          setId,
        };
        await writeSetLinks(schemes, db, graph, added, maker);
        await schemes.revisions.bump(first, second);
      }
      // A rejection already held keeps its own maker and date.
      await saveLinkRejections(db, [...rejections.values()], { keepExisting: true });
      const result = { imported: added.length, alreadyPresent: matched - added.length, refused: refusals.length, rejected: rejections.size, columns: file.columns, setId };
      await appendAudit(db, { actorId: context.actorId, action: 'crosswalk.import', scheme: null, subject: graph, before: null, after: { ...input, ...result } });
      return { imported: added.length, setId, sameAs: undefined };
    }),
  );
  const imported = outcome.imported;
  for (let start = 0; start < refusals.length; start += refusalsPerInsert) {
    await insertCrosswalkRefusals(db, context.jobId, refusals.slice(start, start + refusalsPerInsert));
  }
  await context.report({
    phase: 'done',
    done: rows,
    total: rows,
    unit: 'rows',
    ...(relationColumnIgnored || rejections.size
      ? {
          message: [
            relationColumnIgnored ? `The relation column holds no SKOS relation: every row was linked as ${input.relation}.` : '',
            rejections.size ? `${rejections.size} negated mapping${rejections.size === 1 ? '' : 's'} (predicate_modifier: Not) kept as rejected pairs, not links.` : '',
          ]
            .filter(Boolean)
            .join(' '),
        }
      : {}),
  });
  return {
    imported,
    alreadyPresent: matched - imported,
    refused: refusals.length,
    columns: file.columns,
    ...(outcome.setId ? { setId: outcome.setId } : {}),
    ...(outcome.sameAs ? { sameAs: outcome.sameAs } : {}),
  };
}
