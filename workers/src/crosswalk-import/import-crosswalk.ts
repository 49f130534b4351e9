import fs from 'node:fs';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import type { LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import { type Database, inTransaction } from '@og/api/db/database';
import { appendAudit } from '@og/api/db/queries/audit-log';
import { type CrosswalkRefusal, insertCrosswalkRefusals } from '@og/api/db/queries/crosswalk-refusals';
import { recordLinksMade } from '@og/api/db/queries/link-records';
import { pairGraph, storedLink } from '@og/api/links/link-edits';
import { forEachIriTriple, relationOfIri, type StoredLink } from '@og/api/links/link-queries';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { withSchemeLock } from '@og/api/schemes/scheme-lock';
import { iri, ntriple, type SparqlFragment } from '@og/api/sparql/sparql-builder';
import { findCode, schemeCodes } from '../scheme-codes/scheme-codes.js';
import { openCrosswalkFile } from './crosswalk-file.js';
import type { CrosswalkRow } from './crosswalk-row.js';

/** The links a pair's graph holds, each as `first second` and as `second first` (their IRIs). */
async function existingLinks(schemes: SchemeContext, graph: string): Promise<Set<string>> {
  const text = await schemes.store.readGraph(graph);
  const existing = new Set<string>();
  forEachIriTriple(text, (subjectStart, subjectEnd, predicateStart, predicateEnd, objectStart, objectEnd) => {
    if (!relationOfIri(text.slice(predicateStart, predicateEnd))) return;
    const subject = text.slice(subjectStart, subjectEnd);
    const object = text.slice(objectStart, objectEnd);
    existing.add(`${subject} ${object}`).add(`${object} ${subject}`);
  });
  return existing;
}

/**
 * The links nearly in the order of their records' primary key, which its index takes in much
 * faster than a file's order: grouped by first code, the groups in code-point order (the C
 * collation's); a group's few links stay in file order, its records all land in one part of the
 * index anyway.
 */
function inRecordOrder(links: StoredLink[]): StoredLink[] {
  const byFirst = new Map<string, StoredLink[]>();
  for (const link of links) {
    const group = byFirst.get(link.first);
    if (group) group.push(link);
    else byFirst.set(link.first, [link]);
  }
  return [...byFirst.keys()].sort().flatMap((first) => byFirst.get(first)!);
}

/** The links as N-Triples lines; each code's IRI checked once, however many links it has. */
function linkTriples(links: StoredLink[]): string {
  const terms = new Map<string, SparqlFragment>();
  const term = (value: string) => {
    let fragment = terms.get(value);
    if (!fragment) terms.set(value, (fragment = iri(value)));
    return fragment;
  };
  return `${links.map((link) => ntriple(term(link.first), term(`http://www.w3.org/2004/02/skos/core#${link.relation}`), term(link.second))).join('\n')}\n`;
}

/**
 * Loads the links into the pair's graph and records when they were made, the two at once: the
 * records' INSERT runs in Postgres (another process) while the store loads here, which holds this
 * thread. The records are committed only once the load is durable. Side by side, the two take
 * about the time of one.
 */
async function writeLinks(schemes: SchemeContext, db: Database, graph: string, links: StoredLink[], actorId: string | null): Promise<void> {
  const sorted = inRecordOrder(links);
  await inTransaction(db, async (client) => {
    let settled = false;
    const recorded = recordLinksMade(client, sorted, actorId, { keepExisting: true }).finally(() => (settled = true));
    recorded.catch(() => undefined); // awaited below
    // The INSERT (megabytes of IRIs for a large file) must have left for the server before the load holds this thread.
    const socket = (client as unknown as pg.Client).connection?.stream as Duplex | undefined;
    while (socket && !settled && !socket.destroyed && socket.writableLength > 0) await new Promise((resolve) => setImmediate(resolve));
    const triples = linkTriples(sorted);
    const loading = schemes.store.loadGraph(graph, triples, { replace: false });
    const [load, record] = await Promise.allSettled([loading, recorded]);
    if (load.status === 'rejected') throw load.reason;
    if (record.status === 'rejected') throw record.reason;
  });
}

const refusalsPerInsert = 5_000;
const rowsPerReport = 5_000;

/**
 * `crosswalk.import`: reads every row of the file, refusing (with its reason) each row whose codes
 * are not codes of the two schemes or whose relation is none of the five; then, under the locks of
 * both schemes, writes the links the store does not have yet in one load (a re-import adds
 * nothing), bumps both schemes' revisions and records the import. A file that cannot be read
 * throws before anything is written.
 */
export async function importCrosswalk(
  deps: { schemes: SchemeContext; db: Database },
  input: JobInput<'crosswalk.import'>,
  context: { jobId: string; actorId: string | null; report: (progress: JobProgressOf<'crosswalk.import'>) => Promise<void>; signal: AbortSignal },
): Promise<JobResult<'crosswalk.import'>> {
  const { schemes, db } = deps;
  const { source, target } = input;
  const [sourceCodes, targetCodes] = await Promise.all([schemeCodes(schemes, source), schemeCodes(schemes, target)]);
  const file = await openCrosswalkFile(fs.createReadStream(input.path), { sourceScheme: source, targetScheme: target });

  const links = new Map<string, StoredLink>();
  const refusals: CrosswalkRefusal[] = [];
  let rows = 0;
  const refuse = (row: CrosswalkRow, reason: string) =>
    refusals.push({ line: row.line, sourceCode: row.sourceCode, targetCode: row.targetCode, relation: row.relation ?? row.badRelation ?? null, reason });
  // Rows whose relation cell reads as no SKOS relation wait for the end of the file: a column that
  // holds no SKOS relation at all (HISCO's relation codes `21`, `13` in hisco-hisclass.csv) is not a
  // mapping-relation column, and its rows take the relation chosen for rows that name none.
  const unreadRelation: { row: CrosswalkRow; sourceValue: string | null; targetValue: string | null }[] = [];
  let readRelations = 0;
  const take = (row: CrosswalkRow, sourceValue: string | null, targetValue: string | null, relation: LinkRelation) => {
    if (sourceValue === null) refuse(row, 'unknown source code');
    else if (targetValue === null) refuse(row, 'unknown target code');
    else {
      const link = storedLink(schemes, { scheme: source, value: sourceValue }, { scheme: target, value: targetValue }, relation);
      links.set(`${link.first} ${link.second}`, link);
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
    if (!row.sourceCode) refuse(row, 'no source code');
    else if (!row.targetCode) refuse(row, 'no target code');
    else if (row.badRelation !== undefined) unreadRelation.push({ row, sourceValue, targetValue });
    else take(row, sourceValue, targetValue, row.relation ?? input.relation);
  }
  const relationColumnIgnored = readRelations === 0 && unreadRelation.length > 0;
  for (const { row, sourceValue, targetValue } of unreadRelation) {
    if (relationColumnIgnored) take(row, sourceValue, targetValue, input.relation);
    else refuse(row, 'bad relation');
  }
  refusals.sort((a, b) => a.line - b.line);
  const matched = rows - refusals.length;

  const [first, second] = [source, target].sort() as [SchemeId, SchemeId];
  const imported = await withSchemeLock(schemes, first, () =>
    withSchemeLock(schemes, second, async () => {
      await context.report({ phase: 'writing', done: rows, total: rows, unit: 'rows' });
      const graph = pairGraph(schemes, source, target);
      const existing = await existingLinks(schemes, graph);
      const added = [...links.values()].filter((link) => !existing.has(`${link.first} ${link.second}`));
      // Let their keys go before the load: while the store's memory grows, V8 runs full collections of this heap again and again.
      links.clear();
      existing.clear();
      if (added.length) {
        await writeLinks(schemes, db, graph, added, context.actorId);
        await schemes.revisions.bump(first, second);
      }
      const result = { imported: added.length, alreadyPresent: matched - added.length, refused: refusals.length };
      await appendAudit(db, { actorId: context.actorId, action: 'crosswalk.import', scheme: null, subject: graph, before: null, after: { ...input, ...result } });
      return added.length;
    }),
  );
  for (let start = 0; start < refusals.length; start += refusalsPerInsert) {
    await insertCrosswalkRefusals(db, context.jobId, refusals.slice(start, start + refusalsPerInsert));
  }
  await context.report({
    phase: 'done',
    done: rows,
    total: rows,
    unit: 'rows',
    ...(relationColumnIgnored ? { message: `The relation column holds no SKOS relation: every row was linked as ${input.relation}.` } : {}),
  });
  return { imported, alreadyPresent: matched - imported, refused: refusals.length };
}
