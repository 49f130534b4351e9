import crypto from 'node:crypto';
import type { ChainLinksResult } from '@og/shared/contracts/link-suggestions';
import { mappingChaining } from '@og/shared/domain/link-justifications';
import { type SchemeId, schemeById } from '@og/shared/domain/schemes';
import { appendAudit } from '../db/queries/audit-log.js';
import { type CrosswalkReading, deleteCrosswalkSet, saveCrosswalkSet, setLinkSource } from '../db/queries/crosswalk-sets.js';
import { findLinkRejectionsOfPair } from '../db/queries/link-rejections.js';
import type { WeightedLinkEnds } from '../db/queries/link-records.js';
import { readLinkSuggestions, type StoredSuggestion } from '../db/queries/link-suggestions.js';
import { settlePendingEdits } from '../schemes/recorded-edit.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { withSchemeLocks } from '../schemes/scheme-lock.js';
import { pairGraph, storedLink } from './link-edits.js';
import { unlinkableCodes } from './link-facts.js';
import { selectCodesAndChildren, type StoredLink } from './link-queries.js';
import { existingLinks, writeSetLinks } from './set-links.js';

/**
 * Two-hop links made explicit (issue 31): the chained candidates of a pair's last suggestion run
 * become links in one step, as one crosswalk set, so they list among the pair's sets and are taken
 * back with the set (`DELETE /api/crosswalks/sets/{id}`).
 *
 * Which candidates: for each source code, its best candidate (rank 1) when that candidate's
 * evidence includes a chain (A→B→C through a linked scheme) — a chain that only ranks second lost
 * to better evidence, and a code gets one chained link, not several. Left out: a source code that
 * has links to the target now (linked since the run), a rejected pair, a code gone from its scheme
 * or marked unlinkable towards the other, and a pair of two codes with children (SPEC §4).
 *
 * Each link carries the candidate's relation (the chain's composed relation, read from source to
 * target), `semapv:MappingChaining`, the chain as its comment ("via OCC1950 290") and the
 * candidate's score (SSSOM's `similarity_score`, never a weight). The set is written as an
 * import's is (./set-links.ts: one load beside one INSERT of the records), synchronously: a pair
 * has at most one chained link per source leaf (a few thousand), which loads in a second or two.
 */

/** The chain evidence of a candidate, as its comment: "via OCC1950 290". */
const chainOf = (suggestion: StoredSuggestion) => suggestion.evidence.find((evidence) => evidence.kind === 'chain')?.detail ?? null;

/** Codes asked about per children query. */
const codesPerQuery = 500;

/** The children count of each code that exists (those that do not are left out). */
async function childrenOf(schemes: SchemeContext, codes: { scheme: SchemeId; value: string }[]): Promise<Map<string, number>> {
  const children = new Map<string, number>();
  const named = codes.map((code) => ({ scheme: code.scheme, iri: schemes.iris.code(code.scheme, code.value) }));
  for (let start = 0; start < named.length; start += codesPerQuery) {
    for (const row of await schemes.store.select(selectCodesAndChildren(schemes.iris, named.slice(start, start + codesPerQuery)))) {
      children.set(row.code!.value, Number(row.children!.value));
    }
  }
  return children;
}

/** Makes the pair's chained candidates links, as one crosswalk set named for the pair; answers the set (null when nothing was linked) and how many links it holds. */
export async function linkChainedCandidates(schemes: SchemeContext, actorId: string, pair: { source: SchemeId; target: SchemeId }): Promise<ChainLinksResult> {
  const { source, target } = pair;
  const sorted = [source, target].sort() as [SchemeId, SchemeId];
  const graph = pairGraph(schemes, source, target);
  const chained = (await readLinkSuggestions(schemes.db, pair)).filter((suggestion) => suggestion.rank === 1 && chainOf(suggestion) !== null);
  if (chained.length === 0) return { setId: null, linked: 0 };

  return withSchemeLocks(schemes, sorted, async () => {
    await settlePendingEdits(schemes, sorted);
    const existing = await existingLinks(schemes, graph);
    const targetPrefix = schemes.iris.codePrefix(target);
    const linkedToTarget = new Set<string>();
    for (const key of existing) {
      const [from, to] = key.split(' ') as [string, string];
      if (to.startsWith(targetPrefix)) linkedToTarget.add(from);
    }
    const rejected = new Set(
      (await findLinkRejectionsOfPair(schemes.db, schemes.iris.codePrefix(sorted[0]), schemes.iris.codePrefix(sorted[1]))).map((row) => `${row.first_iri} ${row.second_iri}`),
    );
    const candidates = chained
      .map((suggestion) => ({ suggestion, link: storedLink(schemes, { scheme: source, value: suggestion.sourceCode }, { scheme: target, value: suggestion.targetCode }, suggestion.relation) }))
      .filter(({ suggestion, link }) => !linkedToTarget.has(schemes.iris.code(source, suggestion.sourceCode)) && !rejected.has(`${link.first} ${link.second}`));
    const ends = candidates.flatMap(({ suggestion }) => [
      { scheme: source, value: suggestion.sourceCode },
      { scheme: target, value: suggestion.targetCode },
    ]);
    const children = await childrenOf(schemes, ends);
    const unlinkable = new Set((await unlinkableCodes(schemes, sorted, ends)).map((code) => schemes.iris.code(code.scheme, code.value)));
    const links: (StoredLink & WeightedLinkEnds)[] = candidates
      .filter(({ link }) => children.has(link.first) && children.has(link.second) && !(children.get(link.first)! > 0 && children.get(link.second)! > 0))
      .filter(({ link }) => !unlinkable.has(link.first) && !unlinkable.has(link.second))
      .map(({ suggestion, link }) => ({ ...link, comment: chainOf(suggestion), score: suggestion.score }));
    if (links.length === 0) return { setId: null, linked: 0 };

    const id = crypto.randomUUID();
    const set = {
      id,
      jobId: `chain-${id}`,
      name: `Chained links ${schemeById(source).label} → ${schemeById(target).label}`,
      fileName: 'chained-links',
    };
    const reading: CrosswalkReading = { relation: 'chained', weightColumn: null, relationMap: {}, justification: mappingChaining };
    const digest = crypto.createHash('sha256');
    for (const link of links) digest.update(`${link.first} ${link.relation} ${link.second}\n`);
    const setId = await saveCrosswalkSet(schemes.db, {
      ...set,
      source,
      target,
      mappingSetId: `${schemes.iris.baseIri}crosswalk-sets/${id}`,
      license: null,
      origin: 'Chains of the link suggestions',
      sha256: digest.digest('hex'),
      reading,
      createdBy: actorId,
      imported: links.length,
      alreadyPresent: 0,
      refused: 0,
    });
    try {
      await writeSetLinks(schemes, schemes.db, graph, links, { madeBy: null, source: setLinkSource({ job_id: set.jobId, file_name: set.fileName }), justification: mappingChaining, setId });
    } catch (error) {
      await deleteCrosswalkSet(schemes.db, setId);
      throw error;
    } finally {
      await schemes.revisions.bump(...sorted);
    }
    await appendAudit(schemes.db, { actorId, action: 'link.chain', scheme: null, subject: graph, before: null, after: { source, target, setId, linked: links.length } });
    schemes.announce?.linksChanged(source, target);
    return { setId, linked: links.length };
  });
}
