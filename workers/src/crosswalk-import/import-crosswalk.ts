import fs from 'node:fs';
import { codeKey } from '@og/shared/domain/code-key';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgress, JobResult } from '@og/shared/jobs/job-kinds';
import type { Database } from '@og/api/db/database';
import { appendAudit } from '@og/api/db/queries/audit-log';
import { type CrosswalkRefusal, insertCrosswalkRefusals } from '@og/api/db/queries/crosswalk-refusals';
import { recordLinksMade } from '@og/api/db/queries/link-records';
import { pairGraph, storedLink } from '@og/api/links/link-edits';
import { relationOfIri, selectPairLinks, type StoredLink } from '@og/api/links/link-queries';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { withSchemeLock } from '@og/api/schemes/scheme-lock';
import { iri, ntriple } from '@og/api/sparql/sparql-builder';
import { openCrosswalkFile } from './crosswalk-file.js';
import type { CrosswalkRow } from './crosswalk-row.js';

/** A scheme's codes as a crosswalk names them: by IRI, by code string, and by the forgiving key of a code string. */
interface SchemeCodes {
  byIri: ReadonlySet<string>;
  byLabel: ReadonlyMap<string, string>;
  /** Keys that name one code only (a key two codes share matches neither). */
  byKey: ReadonlyMap<string, string>;
}

async function schemeCodes(schemes: SchemeContext, scheme: SchemeId): Promise<SchemeCodes> {
  const { lookup } = (await schemes.trees.get(scheme)).tree;
  const byLabel = new Map<string, string>();
  const keys = new Map<string, string | null>();
  for (const code of Object.values(lookup)) {
    byLabel.set(code.label, code.value);
    const key = codeKey(code.label);
    keys.set(key, keys.has(key) && keys.get(key) !== code.value ? null : code.value);
  }
  const byKey = new Map([...keys].filter((entry): entry is [string, string] => entry[1] !== null));
  return { byIri: new Set(Object.keys(lookup).map((value) => schemes.iris.code(scheme, value))), byLabel, byKey };
}

/** The value of the code a row names: its IRI first (an SSSOM file), then its code string, then the string's key. */
function findCode(schemes: SchemeContext, scheme: SchemeId, codes: SchemeCodes, written: string, writtenIri: string | undefined): string | null {
  if (writtenIri && codes.byIri.has(writtenIri)) return schemes.iris.valueOf(scheme, writtenIri);
  return codes.byLabel.get(written) ?? codes.byKey.get(codeKey(written)) ?? null;
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
  context: { jobId: string; actorId: string | null; report: (progress: JobProgress) => Promise<void>; signal: AbortSignal },
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
  for await (const row of file.rows) {
    if (++rows % rowsPerReport === 0) {
      context.signal.throwIfAborted();
      await context.report({ phase: 'reading', done: rows, total: null, unit: 'rows' });
    }
    const sourceValue = row.sourceCode ? findCode(schemes, source, sourceCodes, row.sourceCode, row.sourceIri) : null;
    const targetValue = row.targetCode ? findCode(schemes, target, targetCodes, row.targetCode, row.targetIri) : null;
    if (!row.sourceCode) refuse(row, 'no source code');
    else if (!row.targetCode) refuse(row, 'no target code');
    else if (row.badRelation !== undefined) refuse(row, 'bad relation');
    else if (sourceValue === null) refuse(row, 'unknown source code');
    else if (targetValue === null) refuse(row, 'unknown target code');
    else {
      const link = storedLink(schemes, { scheme: source, value: sourceValue }, { scheme: target, value: targetValue }, row.relation ?? input.relation);
      links.set(`${link.first} ${link.second}`, link);
    }
  }
  const matched = rows - refusals.length;

  const [first, second] = [source, target].sort() as [SchemeId, SchemeId];
  const imported = await withSchemeLock(schemes, first, () =>
    withSchemeLock(schemes, second, async () => {
      await context.report({ phase: 'writing', done: rows, total: rows, unit: 'rows' });
      const graph = pairGraph(schemes, source, target);
      const existing = new Set<string>();
      for (const row of await schemes.store.select(selectPairLinks(graph))) {
        if (relationOfIri(row.relation!.value)) existing.add(`${row.first!.value} ${row.second!.value}`).add(`${row.second!.value} ${row.first!.value}`);
      }
      const added = [...links.values()].filter((link) => !existing.has(`${link.first} ${link.second}`));
      if (added.length) {
        const triples = added.map((link) => ntriple(iri(link.first), iri(`http://www.w3.org/2004/02/skos/core#${link.relation}`), iri(link.second)));
        await schemes.store.loadGraph(graph, `${triples.join('\n')}\n`, { replace: false });
        await recordLinksMade(db, added, context.actorId, { keepExisting: true });
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
  await context.report({ phase: 'done', done: rows, total: rows, unit: 'rows' });
  return { imported, alreadyPresent: matched - imported, refused: refusals.length };
}
