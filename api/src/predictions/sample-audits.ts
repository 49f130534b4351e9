import crypto from 'node:crypto';
import type { AuditAnswered, AuditAt, AuditDetail, AuditDrawn, AuditReport } from '@og/shared/contracts/audits';
import type { Mappings } from '@og/shared/contracts/predictions';
import { confidenceBands } from '@og/shared/domain/reliability/confidence-bands';
import { bandEstimates, type CheckedEntry, checkedEntries, estimateAccuracy, estimateAt, productionCurve } from '@og/shared/domain/reliability/production-curve';
import { allocateSample, certainCount } from '@og/shared/domain/reliability/sample-design';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { findDatasetHeading } from '../db/queries/datasets.js';
import { findEntry } from '../db/queries/prediction-entry-navigation.js';
import { findHiddenMappings } from '../db/queries/second-opinions.js';
import type { PredictionSetRow } from '../db/queries/prediction-sets.js';
import {
  allInBand,
  type AuditedEntryRow,
  type AuditEntryInsert,
  bandPopulations,
  drawInBand,
  findAudit,
  insertAudit,
  isAuditEntry,
  largestInBand,
  listAuditedEntries,
  listAuditEntries,
  listAudits,
  populationAbove,
  recordAuditAnswer,
} from '../db/queries/sample-audits.js';
import { saveMapping } from './save-mapping.js';

/**
 * Audits of a prediction set (issue 30): a random sample of its entries, stratified by the top
 * prediction's confidence band, drawn in proportion to people in a dataset's set (uniformly in a
 * standalone one); a reviewer says whether each top prediction is right, or gives the right codes;
 * the estimates of its accuracy by entries and by people, per band, overall and along the
 * production curve. More audits add to the estimates.
 */

/** What a dataset's set counts people by: its first totals column, else its rows; a standalone set counts entries only. */
interface PeopleBasis {
  basis: 'totals' | 'occurrences';
  column: string | null;
  /** An entry's people, an SQL expression over its row. */
  sql: string;
}

async function peopleBasisOf(app: Pick<AppContext, 'db'>, set: PredictionSetRow): Promise<PeopleBasis | null> {
  if (!set.dataset_id) return null;
  const column = (await findDatasetHeading(app.db, set.dataset_id))?.totalsColumns[0] ?? null;
  return column ? { basis: 'totals', column, sql: 'COALESCE(totals[1], 0)' } : { basis: 'occurrences', column: null, sql: 'occurrences' };
}

/** A drawn entry and its inclusion probability. */
interface Drawn {
  string: string;
  band: number;
  bestConf: number;
  people: number | null;
  probability: number;
}

/**
 * Draws an audit of `size` entries (a set with fewer is audited whole) and stores it with each
 * entry's band and the units it stands for; answers its entries in random order.
 */
export async function drawAudit(app: Pick<AppContext, 'db'>, set: PredictionSetRow, userId: string, size: number): Promise<AuditDrawn> {
  const people = await peopleBasisOf(app, set);
  // Every entry can be drawn: one without people stands for itself.
  const sizeSql = people ? `greatest(${people.sql}, 1)` : '1';
  const populations = await bandPopulations(app.db, set.id, sizeSql);
  const bands = confidenceBands.map((_, band) => populations.find((row) => row.band === band) ?? { band, entries: 0, size: 0 });
  const counts = allocateSample(size, bands);
  const drawn: Drawn[] = [];
  for (const [band, population] of bands.entries()) {
    const draws = counts[band]!;
    if (draws === 0) continue;
    const certainOf = (rows: Awaited<ReturnType<typeof allInBand>>) =>
      rows.map((row) => ({ string: row.string, band, bestConf: row.best_conf, people: row.people, probability: 1 }));
    if (draws >= population.entries) {
      drawn.push(...certainOf(await allInBand(app.db, set.id, band, sizeSql, people?.sql ?? null)));
      continue;
    }
    const largest = await largestInBand(app.db, set.id, band, sizeSql, people?.sql ?? null, draws);
    const certain = largest.slice(0, certainCount(draws, population.size, largest.map((row) => row.size)));
    drawn.push(...certainOf(certain));
    const left = draws - certain.length;
    const rest = population.size - certain.reduce((sum, row) => sum + row.size, 0);
    if (left === 0 || rest <= 0) continue;
    const start = crypto.randomInt(0, Math.min(rest, 2 ** 48 - 1));
    const systematic = await drawInBand(app.db, set.id, band, sizeSql, people?.sql ?? null, { excluded: certain.map((row) => row.string), draws: left, rest, start });
    drawn.push(...systematic.map((row) => ({ string: row.string, band, bestConf: row.best_conf, people: row.people, probability: (left * row.size) / rest })));
  }
  // Checked in random order, so an audit answered in part is a random part of each band.
  for (let index = drawn.length - 1; index > 0; index--) {
    const other = crypto.randomInt(0, index + 1);
    [drawn[index], drawn[other]] = [drawn[other]!, drawn[index]!];
  }
  const entries: AuditEntryInsert[] = drawn.map((entry) => ({
    string: entry.string,
    band: entry.band,
    bestConf: entry.bestConf,
    weight: 1 / entry.probability,
    peopleWeight: entry.people === null ? null : entry.people / entry.probability,
  }));
  const audit = await inTransaction(app.db, (client) => insertAudit(client, set.id, userId, size, entries));
  return { auditId: audit.id, entries: entries.map((entry) => entry.string) };
}

async function findAuditOr404(app: Pick<AppContext, 'db'>, set: PredictionSetRow, auditId: string): Promise<{ id: string; created_at: Date }> {
  const audit = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(auditId) ? await findAudit(app.db, set.id, auditId) : null;
  if (!audit) throw new AppError('not_found', 'No such audit of this prediction set.');
  return audit;
}

export async function readAudit(app: Pick<AppContext, 'db'>, set: PredictionSetRow, auditId: string): Promise<AuditDetail> {
  const audit = await findAuditOr404(app, set, auditId);
  return { auditId: audit.id, createdAt: audit.created_at.toISOString(), entries: await listAuditEntries(app.db, audit.id) };
}

/**
 * Records a reviewer's answer to an audit's entry (the last answer counts). The entry's mapping
 * follows as a review save would make it (the mapping log and the counts kept right): the right
 * codes when the top prediction is wrong; the top prediction, accepted, when it is right and the
 * entry is still unmapped (a mapped entry keeps its mapping, as does one waiting for a second
 * opinion whose first mapping the auditor may not see).
 */
export async function answerAudit(
  app: Pick<AppContext, 'db'>,
  set: PredictionSetRow,
  userId: string,
  auditId: string,
  answer: { string: string; correct: boolean; nodeURIs: string[] },
): Promise<AuditAnswered & { changed: string[] }> {
  const audit = await findAuditOr404(app, set, auditId);
  if (!(await isAuditEntry(app.db, audit.id, answer.string))) throw new AppError('not_found', 'This entry is not in the audit.');
  const entry = await findEntry(app.db, set.id, answer.string);
  if (!entry) throw new AppError('not_found', 'Entry not found');
  const top = entry.predictions[0]?.uris ?? [];
  if (answer.correct && top.length === 0) throw new AppError('bad_request', 'This entry has no prediction to be right: answer correct: false, with the right codes.');
  const tags = entry.tags as Mappings['tags'];
  const mapping = !answer.correct
    ? answer.nodeURIs.length > 0
      ? { nodeURIs: answer.nodeURIs, predictionURIs: [], tags }
      : null
    : entry.mapped
      ? null
      : { nodeURIs: [], predictionURIs: top, tags };
  // An entry waiting for its second opinion keeps the mapping this auditor may not see (unless they coded it first); the answer counts all the same.
  const hidden = mapping !== null && (await findHiddenMappings(app.db, set.id, [answer.string], userId)).has(answer.string);
  const saved = mapping && !hidden ? await saveMapping(app.db, set.id, answer.string, mapping, { userId, propagate: false }) : null;
  const counts = await recordAuditAnswer(app.db, audit.id, answer.string, { correct: answer.correct, nodeURIs: answer.nodeURIs, userId });
  return { auditId: audit.id, string: answer.string, correct: answer.correct, version: saved?.version ?? null, ...counts, changed: saved?.changed ?? [answer.string] };
}

const checksOf = (rows: readonly AuditedEntryRow[], weightOf: (row: AuditedEntryRow) => number): CheckedEntry[] =>
  checkedEntries(rows.map((row) => ({ audit: row.audit_id, band: row.band, confidence: row.best_conf, weight: weightOf(row), correct: row.correct })));

const estimatesOf = (checks: readonly CheckedEntry[], above: readonly number[], total: number) => ({
  overall: estimateAccuracy(checks),
  bands: bandEstimates(checks),
  curve: productionCurve(checks, above, total),
});

/** The set's audit report: estimates by entries, by people for a dataset's set, and its audits. */
export async function readAuditReport(app: Pick<AppContext, 'db'>, set: PredictionSetRow): Promise<AuditReport> {
  const people = await peopleBasisOf(app, set);
  const [rows, population, audits] = await Promise.all([listAuditedEntries(app.db, set.id), populationAbove(app.db, set.id, people?.sql ?? null), listAudits(app.db, set.id)]);
  const report: AuditReport = {
    ...estimatesOf(
      checksOf(rows, (row) => row.weight),
      population.entries,
      population.totalEntries,
    ),
    audits: audits.map((audit) => ({ auditId: audit.id, createdAt: audit.created_at.toISOString(), size: audit.drawn, answered: audit.answered })),
  };
  if (people) {
    report.byPeople = {
      basis: people.basis,
      column: people.column,
      ...estimatesOf(
        checksOf(rows, (row) => row.people_weight ?? 0),
        population.people,
        population.totalPeople,
      ),
    };
  }
  return report;
}

/** The accuracy of the top prediction over the set's entries whose best confidence is at least `confidence`, from its audits, by entries. */
export async function readAuditAt(app: Pick<AppContext, 'db'>, set: PredictionSetRow, confidence: number): Promise<AuditAt> {
  const rows = await listAuditedEntries(app.db, set.id);
  return { confidence, ...estimateAt(checksOf(rows, (row) => row.weight), confidence) };
}
