import { type Mappings, type PredictionEntryAnswer, splitPredictionUri } from '@og/shared/contracts/predictions';
import type {
  AdjudicationSaved,
  AgreementReport,
  OfferSecondOpinionsRequest,
  SecondOpinionCounts,
  SecondOpinionsOffered,
} from '@og/shared/contracts/second-opinions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { codingAt, type AgreementLevel, agreementByLevel, agreementByPair, digitLevels, type DoubleCoding, schemeDigits, treeLevels } from '@og/shared/domain/reliability/agreement';
import { isSchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../context.js';
import { type DatasetViewer, findDatasetOwnerId } from '../db/queries/datasets.js';
import { type EntryRow, findEntry, type ReviewScope } from '../db/queries/prediction-entry-navigation.js';
import type { PredictionSetRow } from '../db/queries/prediction-sets.js';
import {
  countSecondOpinions,
  type DoubleCodedRow,
  findDoubleCoded,
  findHiddenMappings,
  findSecondOpinion,
  forgetDecision,
  nextPendingString,
  offerShare,
  offerStrings,
  recordDecision,
  saveSecondOpinion,
} from '../db/queries/second-opinions.js';
import { readReviewEntry } from './review-entries.js';
import { saveMapping } from './save-mapping.js';

/**
 * Double coding (issue 30): a set's owner offers some of its mapped entries for a second opinion;
 * anyone else who may see the set codes them blind (the first mapping is never sent to them); the
 * two codings' agreement is reported per level of the scheme; a third person or the owner decides
 * where they differ, and the decision becomes the entry's mapping.
 */

/** The owner of a set (a dataset's set: the dataset's owner), or an administrator. */
async function isSetManager(app: Pick<AppContext, 'db'>, set: PredictionSetRow, viewer: DatasetViewer): Promise<boolean> {
  const owner = set.dataset_id ? await findDatasetOwnerId(app.db, set.dataset_id) : set.owner_id;
  return owner === viewer.id || viewer.role === 'admin';
}

/** Offers a share of the set's entries a person mapped, drawn at random, or the entries named; only its owner (or an administrator) may. */
export async function offerSecondOpinions(app: Pick<AppContext, 'db'>, set: PredictionSetRow, viewer: DatasetViewer, request: OfferSecondOpinionsRequest): Promise<SecondOpinionsOffered> {
  if (!(await isSetManager(app, set, viewer))) throw new AppError('forbidden', 'Only the owner of this prediction set or an administrator may ask for second opinions.');
  const entries = 'share' in request ? await offerShare(app.db, set.id, request.share, viewer.id) : await offerStrings(app.db, set.id, request.strings, viewer.id);
  return { entries };
}

export async function readSecondOpinionCounts(app: Pick<AppContext, 'db'>, set: PredictionSetRow, viewer: DatasetViewer): Promise<SecondOpinionCounts> {
  const { offered, answered, forYou } = await countSecondOpinions(app.db, set.id, viewer.id);
  return { offered, answered, pending: offered - answered, forYou };
}

/** An entry without its mapping (codes, accepted predictions, tags): as someone who may not see the first mapping reads it. */
const withoutMapping = (entry: EntryRow): EntryRow => ({ ...entry, node_uris: [], prediction_uris: [], tags: [], mapped: false });

/**
 * Blindness outside the second opinions' walk: an entry waiting for its second opinion (offered,
 * not answered) is read by anyone but its first reviewer without its mapping, and said to be
 * waiting (`awaitingSecondOpinion`), so the review neither shows nor leaks the first mapping; once
 * answered it reads as any other entry. The owner too reads it blind: they may be its second
 * reviewer, and see both codings on the agreement page once it is answered.
 */
export async function readEntryAsSeenBy(app: Pick<AppContext, 'db' | 'schemes'>, scope: ReviewScope, entry: EntryRow, viewer: DatasetViewer): Promise<PredictionEntryAnswer> {
  const hidden = (await findHiddenMappings(app.db, scope.setId, [entry.string], viewer.id)).has(entry.string);
  const answer = await readReviewEntry(app, scope, hidden ? withoutMapping(entry) : entry);
  return hidden ? { ...answer, predictionEntry: { ...answer.predictionEntry, awaitingSecondOpinion: true } } : answer;
}

/**
 * Refuses a save over a mapping the viewer may not see (an entry waiting for its second opinion,
 * coded first by someone else): they would overwrite what they cannot read, and the refusal of a
 * stale version would send it to them.
 */
export async function requireVisibleMappings(app: Pick<AppContext, 'db'>, setId: string, strings: readonly string[], viewer: DatasetViewer): Promise<void> {
  const [hidden] = await findHiddenMappings(app.db, setId, strings, viewer.id);
  if (hidden !== undefined) {
    throw new AppError('forbidden', `“${hidden}” waits for a second opinion: until it is given, only the reviewer who coded it first may change its mapping.`);
  }
}

/**
 * The next entry waiting for this viewer's second opinion, blind: its string, predictions and
 * context as the review shows them, with empty mappings and no neighbours (the first mapping and
 * the codes named only by it are left out); null when none is left for them.
 */
export async function readNextSecondOpinion(app: Pick<AppContext, 'db' | 'schemes'>, set: PredictionSetRow, viewer: DatasetViewer): Promise<PredictionEntryAnswer | null> {
  const string = await nextPendingString(app.db, set.id, viewer.id);
  const entry = string === null ? null : await findEntry(app.db, set.id, string);
  if (!entry) return null;
  const answer = await readReviewEntry(app, { setId: set.id, threshold: set.threshold, filter: set.filter, order: set.review_order }, withoutMapping(entry));
  return { ...answer, predictionEntry: { ...answer.predictionEntry, prev: null, next: null } };
}

/** Stores a second reviewer's coding of an offered entry; the entry's own mapping does not change. */
export async function answerSecondOpinion(
  app: Pick<AppContext, 'db'>,
  set: PredictionSetRow,
  viewer: DatasetViewer,
  string: string,
  coding: { nodeURIs: string[]; predictionURIs: string[]; tags: string[] },
): Promise<void> {
  const offered = await findSecondOpinion(app.db, set.id, string);
  if (!offered) throw new AppError('not_found', 'This entry is not offered for a second opinion.');
  if (offered.first_reviewer === viewer.id) throw new AppError('forbidden', 'You coded this entry first: a second opinion is someone else’s.');
  if (offered.answered_at || !(await saveSecondOpinion(app.db, set.id, string, viewer.id, coding))) {
    throw new AppError('conflict', 'Someone gave this entry its second opinion already.');
  }
}

/** The codes an entry was given: its node URIs and accepted prediction URIs. */
const codesOf = (nodeURIs: readonly string[] | null, predictionURIs: readonly string[] | null) => [...(nodeURIs ?? []), ...(predictionURIs ?? [])];
const sameCodes = (a: readonly string[], b: readonly string[]) => codingAt(a, wholeCode) === codingAt(b, wholeCode);
const wholeCode = { cut: (uri: string) => uri };

/** Whether the two reviewers gave the entry different codes (and nobody decided yet). */
const isOpenDisagreement = (row: DoubleCodedRow) =>
  !row.decided_at && !sameCodes(codesOf(row.first_node_uris, row.first_prediction_uris), codesOf(row.second_node_uris, row.second_prediction_uris));

/**
 * Whether the entry's mapping changed after it was offered (its first reviewer, or anyone once the
 * second opinion is given, saved other codes): its codes now are neither the first mapping as
 * offered nor, once decided, the decision, which changes it by design.
 */
export function firstChangedSince(row: DoubleCodedRow): boolean {
  const now = codesOf(row.current_node_uris, row.current_prediction_uris);
  return !sameCodes(now, codesOf(row.first_node_uris, row.first_prediction_uris)) && !(row.decision_uris !== null && sameCodes(now, row.decision_uris));
}

/** A reviewer as the report names them: their user name (null once their account is gone). */
const reviewerName = (name: string | null, id: string | null) => name ?? (id ? `user ${id}` : 'a deleted user');

function doubleCodingOf(row: DoubleCodedRow): DoubleCoding {
  return {
    first: { reviewer: reviewerName(row.first_name, row.first_reviewer), uris: codesOf(row.first_node_uris, row.first_prediction_uris) },
    second: { reviewer: reviewerName(row.second_name, row.second_reviewer), uris: codesOf(row.second_node_uris, row.second_prediction_uris) },
  };
}

/**
 * The levels agreement is measured at: HISCO's 1, 2, 3 and 5 digits, ISCO-08's 1 to 4, any other
 * scheme (or codes of several schemes) the depths of its tree down to the deepest code coded.
 */
export async function agreementLevels(app: Pick<AppContext, 'schemes'>, uris: readonly string[]): Promise<AgreementLevel[]> {
  if (!uris.length) return [];
  const schemes = new Set(uris.map((uri) => splitPredictionUri(uri).scheme));
  const [only] = schemes;
  if (schemes.size === 1 && only && schemeDigits[only]) return digitLevels(schemeDigits[only]);
  const lookups = new Map<string, Readonly<Record<string, CodeRecord>>>();
  await Promise.all([...schemes].filter(isSchemeId).map(async (scheme) => lookups.set(scheme, (await app.schemes.trees.get(scheme)).tree.lookup)));
  const chains = new Map<string, string[]>();
  const ancestry = (uri: string): string[] => {
    const known = chains.get(uri);
    if (known) return known;
    const { scheme, code } = splitPredictionUri(uri);
    const lookup = lookups.get(scheme);
    const chain = [uri];
    // A tree's depth is bounded by its size: the walk stops at a cycle a broken tree could have.
    for (let parent = lookup?.[code]?.parent, steps = 0; parent !== undefined && lookup?.[parent] && steps < 64; parent = lookup[parent]?.parent, steps++) {
      chain.unshift(`${scheme}:${parent}`);
    }
    chains.set(uri, chain);
    return chain;
  };
  return treeLevels(ancestry, Math.max(1, ...uris.map((uri) => ancestry(uri).length)));
}

/** A set's double-coded entries and the levels of the scheme their codes are compared at. */
export async function readDoubleCoding(app: Pick<AppContext, 'db' | 'schemes'>, set: PredictionSetRow): Promise<{ rows: DoubleCodedRow[]; levels: AgreementLevel[] }> {
  const rows = await findDoubleCoded(app.db, set.id);
  const levels = await agreementLevels(app, rows.flatMap((row) => [...codesOf(row.first_node_uris, row.first_prediction_uris), ...codesOf(row.second_node_uris, row.second_prediction_uris)]));
  return { rows, levels };
}

/** The agreement report of a set: overall and per pair of reviewers at each level, and the disagreements left to decide. */
export async function readAgreement(app: Pick<AppContext, 'db' | 'schemes'>, set: PredictionSetRow): Promise<AgreementReport> {
  const { rows, levels } = await readDoubleCoding(app, set);
  const codings = rows.map(doubleCodingOf);
  const disagreements = rows.filter(isOpenDisagreement).map((row) => {
    const coding = doubleCodingOf(row);
    return {
      string: row.string,
      first: { reviewer: coding.first.reviewer, uris: [...coding.first.uris] },
      second: { reviewer: coding.second.reviewer, uris: [...coding.second.uris] },
      firstChangedSince: firstChangedSince(row),
    };
  });
  return { levels: agreementByLevel(codings, levels), pairs: agreementByPair(codings, levels), disagreements };
}

/**
 * Decides a disagreement: the entry's mapping becomes the codes decided (through the review's
 * save, its tags kept), and the decision is logged with who made it and when. The set's owner
 * decides, or a third person: neither of the entry's two reviewers.
 */
export async function adjudicate(
  app: Pick<AppContext, 'db'>,
  set: PredictionSetRow,
  viewer: DatasetViewer,
  string: string,
  decision: { nodeURIs: string[]; predictionURIs: string[] },
): Promise<AdjudicationSaved> {
  const offered = await findSecondOpinion(app.db, set.id, string);
  if (!offered) throw new AppError('not_found', 'This entry is not offered for a second opinion.');
  if (!offered.answered_at) throw new AppError('conflict', 'This entry has no second opinion yet.');
  if (offered.decided_at) throw new AppError('conflict', 'This disagreement is decided already.');
  if (sameCodes(codesOf(offered.first_node_uris, offered.first_prediction_uris), codesOf(offered.second_node_uris, offered.second_prediction_uris))) {
    throw new AppError('conflict', 'The two reviewers agree on this entry: there is nothing to decide.');
  }
  const coder = viewer.id === offered.first_reviewer || viewer.id === offered.second_reviewer;
  if (coder && !(await isSetManager(app, set, viewer))) throw new AppError('forbidden', 'You coded this entry: a third person or the owner of the set decides.');
  const entry = await findEntry(app.db, set.id, string);
  if (!entry) throw new AppError('not_found', 'Entry not found');
  // The decision is claimed first, so two people deciding at once do not both change the entry.
  const uris = codesOf(decision.nodeURIs, decision.predictionURIs);
  const decidedAt = await recordDecision(app.db, set.id, string, viewer.id, uris);
  if (!decidedAt) throw new AppError('conflict', 'This disagreement is decided already.');
  let saved: { version: number };
  try {
    saved = await saveMapping(app.db, set.id, string, { nodeURIs: decision.nodeURIs, predictionURIs: decision.predictionURIs, tags: entry.tags as Mappings['tags'] }, { userId: viewer.id, propagate: false });
  } catch (error) {
    await forgetDecision(app.db, set.id, string, viewer.id);
    throw error;
  }
  return { string, uris, decidedBy: viewer.id, decidedAt: decidedAt.toISOString(), version: saved.version };
}
