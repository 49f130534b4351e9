import crypto from 'node:crypto';
import fs from 'node:fs';
import { unspecifiedMatching } from '@og/shared/domain/link-justifications';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import type { Database } from '@og/api/db/database';
import { appendAudit } from '@og/api/db/queries/audit-log';
import { type CrosswalkReading, findCrosswalkSetOfFile, saveCrosswalkSet } from '@og/api/db/queries/crosswalk-sets';
import { insertCrosswalkRefusals } from '@og/api/db/queries/crosswalk-refusals';
import { saveLinkRejections } from '@og/api/db/queries/link-rejections';
import type { LinkMaker } from '@og/api/db/queries/link-records';
import { pairGraph } from '@og/api/links/link-edits';
import { existingLinks, writeSetLinks } from '@og/api/links/set-links';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { withSchemeLock } from '@og/api/schemes/scheme-lock';
import { schemeCodes } from '../scheme-codes/scheme-codes.js';
import { readCrosswalk } from './crosswalk-reading.js';

/** The file's SHA-256 (hex), read as it streams. */
async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const refusalsPerInsert = 5_000;

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
  const sha256 = fileSha256(input.path);
  sha256.catch(() => undefined); // awaited below
  const read = await readCrosswalk(
    input,
    { iris: schemes.iris, source: sourceCodes, target: targetCodes },
    async (rows) => {
      context.signal.throwIfAborted();
      await context.report({ phase: 'reading', done: rows, total: null, unit: 'rows' });
    },
  );
  const { rows, refusals, relationColumnIgnored, columns } = read;
  let links = read.links;
  const rejections = read.rejections.map((rejection) => ({ ...rejection, madeBy: context.actorId }));
  const matched = rows - refusals.length - read.negatedRows;

  const fileHash = await sha256;
  const reading: CrosswalkReading = { relation: input.relation, weightColumn: input.weightColumn ?? null, relationMap: input.relationMap ?? {}, justification: input.justification ?? null };

  const [first, second] = [source, target].sort() as [SchemeId, SchemeId];
  const outcome = await withSchemeLock(schemes, first, () =>
    withSchemeLock(schemes, second, async () => {
      await context.report({ phase: 'writing', done: rows, total: rows, unit: 'rows' });
      const graph = pairGraph(schemes, source, target);
      const same = await findCrosswalkSetOfFile(db, { a: source, b: target, sha256: fileHash, reading, exceptJobId: context.jobId });
      if (same) {
        const result = { imported: 0, alreadyPresent: matched, refused: refusals.length, columns, sameAs: same.id };
        await appendAudit(db, { actorId: context.actorId, action: 'crosswalk.import', scheme: null, subject: graph, before: null, after: { ...input, ...result } });
        return { imported: 0, setId: undefined, sameAs: same.id };
      }
      const existing = await existingLinks(schemes, graph);
      const added = existing.size === 0 ? links : links.filter((link) => !existing.has(`${link.first} ${link.second}`));
      // Let their keys go before the load: while the store's memory grows, V8 runs full collections of this heap again and again.
      links = [];
      existing.clear();
      const newId = crypto.randomUUID();
      const setId = await saveCrosswalkSet(db, {
        id: newId,
        jobId: context.jobId,
        name: input.name ?? input.originalName,
        fileName: input.originalName,
        source,
        target,
        mappingSetId: read.metadata?.mappingSetId ?? `${schemes.iris.baseIri}crosswalk-sets/${newId}`,
        license: input.license ?? read.metadata?.license ?? null,
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
      await saveLinkRejections(db, rejections, { keepExisting: true });
      const result = { imported: added.length, alreadyPresent: matched - added.length, refused: refusals.length, rejected: rejections.length, columns, setId };
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
    ...(relationColumnIgnored || rejections.length
      ? {
          message: [
            relationColumnIgnored ? `The relation column holds no SKOS relation: every row was linked as ${input.relation}.` : '',
            rejections.length ? `${rejections.length} negated mapping${rejections.length === 1 ? '' : 's'} (predicate_modifier: Not) kept as rejected pairs, not links.` : '',
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
    columns,
    ...(outcome.setId ? { setId: outcome.setId } : {}),
    ...(outcome.sameAs ? { sameAs: outcome.sameAs } : {}),
  };
}

