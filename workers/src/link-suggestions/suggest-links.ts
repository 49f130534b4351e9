import type { DatasetViewer } from '@og/api/db/queries/datasets';
import { readRejectedPairs, type StoredSuggestion } from '@og/api/db/queries/link-suggestions';
import type { Queryable } from '@og/api/db/database';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { maxSuggestionsPerCode, type SuggestionEvidenceKind } from '@og/shared/contracts/link-suggestions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { childrenIndex } from '@og/shared/domain/code-tree';
import { type SchemeId, schemeById } from '@og/shared/domain/schemes';
import { startCoderSession } from '../builtin-coder/coder-session.js';
import { gatherTraining } from '../builtin-coder/training-data.js';
import { chainEvidence } from './chain-evidence.js';
import { CodeWordsIndex, type CodeText } from './code-words.js';
import { type CandidateEvidence, candidateRelation, combinedScore, evidenceTrust, evidenceWords } from './combine-evidence.js';
import { coCodedTitles, gatherKnownTitles, titlesByCode } from './known-titles.js';

/** Target codes the words' index proposes per source code (the best of them by words alone). */
const nameCandidates = 20;
/** Codes the target's coder gives per reading. */
const coderCandidates = 5;
/** A source code's known titles the target's coder reads besides its name (the most frequent). */
const titlesRead = 5;
/** How much the coder's reading of a code's description counts in its mean, against its name's or a title's 1. */
const descriptionWeight = 0.5;
/** The longest piece of a description the coder reads: its first sentence, cut at a word. */
const descriptionCharacters = 200;

/** A description's first sentence, at most {@link descriptionCharacters} long and cut at a word; empty without one. */
export function descriptionReading(description: string | undefined): string {
  const sentence = (description ?? '').trim().split(/(?<=[.!?;])\s/)[0] ?? '';
  if (sentence.length <= descriptionCharacters) return sentence;
  const cut = sentence.slice(0, descriptionCharacters);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}
/** Source codes searched and read at a time (the job's progress moves by them). */
const codesPerChunk = 200;

export type SuggestionPhase = 'gathering' | 'scoring';

export interface SuggestionEvidenceTable {
  source: SchemeId;
  target: SchemeId;
  /** The source codes looked at (leaves; without links to the target unless `all`). */
  codes: string[];
  /** Per source code, per candidate target code, what is known of it. */
  candidates: Map<string, Map<string, CandidateEvidence>>;
  /** Pairs never suggested: rejected, or linked already (`source target` values). */
  excluded: Set<string>;
  targetLookup: Readonly<Record<string, CodeRecord>>;
}

const pairKey = (source: string, target: string) => `${source} ${target}`;

function leavesOf(lookup: Readonly<Record<string, CodeRecord>>): CodeRecord[] {
  const children = childrenIndex(lookup);
  return Object.values(lookup).filter((record) => !children.has(record.value));
}

/** A code's words: its name, its description, and the names of the two groups above it. */
function codeText(lookup: Readonly<Record<string, CodeRecord>>, record: CodeRecord): CodeText {
  const parent = record.parent === undefined ? undefined : lookup[record.parent];
  const grandparent = parent?.parent === undefined ? undefined : lookup[parent.parent];
  return { code: record.value, name: record.name, description: record.description ?? '', context: [parent?.name, grandparent?.name].filter(Boolean).join(' ') };
}

/**
 * Everything known of the candidates of a scheme pair, from the four kinds of evidence: the
 * codes' words, titles coded in both schemes, the target's built-in coder reading the source
 * codes' names and titles, and two-hop chains through linked schemes. The pair's own links are
 * never evidence: they only say which source codes to skip (all are looked at with `all`) and
 * which pairs not to suggest again.
 */
export async function gatherSuggestionEvidence(
  deps: { db: Queryable; schemes: SchemeContext; seedDir: string | null; signal?: AbortSignal },
  input: { source: SchemeId; target: SchemeId; all: boolean; viewer: DatasetViewer },
  report: (phase: SuggestionPhase, done: number, total: number) => Promise<void> = async () => undefined,
): Promise<SuggestionEvidenceTable> {
  const steps = 4;
  const checkpoint = async (done: number) => {
    deps.signal?.throwIfAborted();
    await report('gathering', done, steps);
  };
  await checkpoint(0);
  const sourceLookup = (await deps.schemes.trees.get(input.source)).tree.lookup;
  const targetLookup = (await deps.schemes.trees.get(input.target)).tree.lookup;
  const targetLeaves = leavesOf(targetLookup);
  const targetLeafValues = new Set(targetLeaves.map((record) => record.value));
  const { chains, linked } = await chainEvidence(deps.schemes, input);
  const excluded = new Set<string>();
  for (const [value, targets] of linked) for (const target of targets) excluded.add(pairKey(value, target));
  const [firstScheme] = [input.source, input.target].sort();
  const sourceFirst = firstScheme === input.source;
  const prefixes = { source: deps.schemes.iris.codePrefix(input.source), target: deps.schemes.iris.codePrefix(input.target) };
  for (const { first, second } of await readRejectedPairs(deps.db, sourceFirst ? { first: prefixes.source, second: prefixes.target } : { first: prefixes.target, second: prefixes.source })) {
    const [sourceIri, targetIri] = sourceFirst ? [first, second] : [second, first];
    excluded.add(pairKey(sourceIri.slice(prefixes.source.length), targetIri.slice(prefixes.target.length)));
  }
  const sourceCodes = leavesOf(sourceLookup).filter((record) => input.all || !linked.has(record.value));
  const candidates = new Map<string, Map<string, CandidateEvidence>>(sourceCodes.map((record) => [record.value, new Map()]));
  const evidenceOf = (source: string, target: string): CandidateEvidence | null => {
    const forSource = candidates.get(source);
    if (!forSource || !targetLeafValues.has(target)) return null;
    let evidence = forSource.get(target);
    if (!evidence) forSource.set(target, (evidence = {}));
    return evidence;
  };

  // Two-hop chains.
  for (const [source, reached] of chains) {
    for (const [target, chain] of reached) {
      const evidence = evidenceOf(source, target);
      if (evidence) evidence.chain = chain;
    }
  }
  await checkpoint(1);

  // Titles coded in both schemes.
  const sourceTitles = await gatherKnownTitles(deps.db, { scheme: input.source, viewer: input.viewer, seedDir: deps.seedDir, lookup: sourceLookup });
  const targetTitles = await gatherKnownTitles(deps.db, { scheme: input.target, viewer: input.viewer, seedDir: deps.seedDir, lookup: targetLookup });
  for (const [source, { titles, targets }] of coCodedTitles(sourceTitles, targetTitles)) {
    for (const [target, both] of targets) {
      const evidence = evidenceOf(source, target);
      if (evidence) evidence.titles = { both, ofSource: titles };
    }
  }
  const titlesOfSource = titlesByCode(sourceTitles);
  await checkpoint(2);

  // The codes' words: the target's leaves indexed.
  const words = CodeWordsIndex.build(
    targetLeaves.map((record) => codeText(targetLookup, record)),
    sourceCodes.map((record) => codeText(sourceLookup, record)),
  );
  await checkpoint(3);

  // The target's built-in coder, learned as for a prediction run (but never through the pair's own links).
  const training = await gatherTraining(deps.db, { scheme: input.target, viewer: input.viewer, seedDir: deps.seedDir, schemes: deps.schemes, exceptLinked: input.source });
  const session = training.titles.length > 0 && sourceCodes.length > 0 ? await startCoderSession(training.titles) : null;
  try {
    await checkpoint(4);
    // Each source code's words searched and read by the coder (its name, its description's first sentence and its most frequent titles), a chunk of codes at a time.
    const valueOfLabel = new Map(targetLeaves.map((record) => [record.label, record.value]));
    for (let start = 0; start < sourceCodes.length; start += codesPerChunk) {
      deps.signal?.throwIfAborted();
      await report('scoring', start, sourceCodes.length);
      const chunk = sourceCodes.slice(start, start + codesPerChunk);
      const readings: { source: string; text: string; weight: number }[] = [];
      for (const record of chunk) {
        for (const { code, similarity } of words.search(codeText(sourceLookup, record), nameCandidates)) {
          const evidence = evidenceOf(record.value, code);
          if (evidence) evidence.name = Math.round(similarity * 100) / 100;
        }
        readings.push({ source: record.value, text: record.name, weight: 1 });
        const described = descriptionReading(record.description);
        if (described && described !== record.name) readings.push({ source: record.value, text: described, weight: descriptionWeight });
        for (const title of (titlesOfSource.get(record.value) ?? []).slice(0, titlesRead)) readings.push({ source: record.value, text: title, weight: 1 });
      }
      if (!session) continue;
      const predictions = await session.code(
        { titles: readings.map((reading) => reading.text), k: coderCandidates },
        { signal: deps.signal ?? new AbortController().signal, onProgress: () => undefined },
      );
      // A candidate's chance is the weighted mean confidence over the code's readings (a reading that does not give it counts 0), so one odd title weighs little.
      const readingsOf = new Map<string, number>();
      for (const reading of readings) readingsOf.set(reading.source, (readingsOf.get(reading.source) ?? 0) + reading.weight);
      predictions.forEach((predicted, at) => {
        const reading = readings[at]!;
        for (const { code, conf } of predicted) {
          const target = valueOfLabel.get(code);
          const evidence = target === undefined ? null : evidenceOf(reading.source, target);
          if (!evidence) continue;
          const share = (conf * reading.weight) / readingsOf.get(reading.source)!;
          if (!evidence.coder) evidence.coder = { mean: share, conf, read: reading.text };
          else {
            evidence.coder.mean += share;
            if (conf > evidence.coder.conf) Object.assign(evidence.coder, { conf, read: reading.text });
          }
        }
      });
    }
  } finally {
    session?.close();
  }
  await report('scoring', sourceCodes.length, sourceCodes.length);
  return { source: input.source, target: input.target, codes: sourceCodes.map((record) => record.value), candidates, excluded, targetLookup };
}

/**
 * Each source code's best candidates (up to ten, best first; rejected and linked pairs left out),
 * scored by {@link combinedScore}, with their relation and evidence in words.
 */
export function rankSuggestions(table: SuggestionEvidenceTable, trust: Record<SuggestionEvidenceKind, number> = evidenceTrust): StoredSuggestion[] {
  const targetLabel = schemeById(table.target).label;
  const ranked: StoredSuggestion[] = [];
  for (const source of table.codes) {
    const scored = [...(table.candidates.get(source) ?? [])]
      .filter(([target]) => !table.excluded.has(pairKey(source, target)))
      .map(([target, evidence]) => ({ target, evidence, score: combinedScore(evidence, trust) }))
      .filter((candidate) => candidate.score > 0)
      .sort((a, b) => b.score - a.score || (a.target < b.target ? -1 : 1))
      .slice(0, maxSuggestionsPerCode);
    scored.forEach((candidate, at) =>
      ranked.push({
        sourceCode: source,
        rank: at + 1,
        targetCode: candidate.target,
        score: Math.round(candidate.score * 1000) / 1000,
        relation: candidateRelation(candidate.evidence),
        evidence: evidenceWords(candidate.evidence, targetLabel),
      }),
    );
  }
  return ranked;
}

/** Evidence counted per kind over the stored candidates (the job's result). */
export function evidenceCounts(suggestions: readonly StoredSuggestion[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const suggestion of suggestions) for (const { kind } of suggestion.evidence) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}
