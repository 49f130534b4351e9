import type { JobRun } from '@og/shared/contracts/jobs';
import { isJobKind, jobKinds, type JobKind, type JobResult } from '@og/shared/jobs/job-kinds';
import { describeJobProgress, describeProgressAmount } from '../../lib/job-progress';

/** Numbers follow the product's locale (SPEC §9: en). */
const locale = 'en';

/** '1 code', '2,910 codes'. */
function count(value: number, one: string, many: string): string {
  return `${value.toLocaleString(locale)} ${value === 1 ? one : many}`;
}

/** The parts of a sentence that are worth saying, joined: 'Imported 120 links, 3 rows refused'. */
function listed(first: string, ...rest: (string | false)[]): string {
  return [first, ...rest.filter((part): part is string => part !== false)].join(', ');
}

/** What a finished job of each kind did, in one past-tense sentence read from its result; every kind has one. */
const outcomeWordings: { [K in JobKind]: (result: JobResult<K>) => string } = {
  'session.cleanup': ({ deleted, strayUploads }) =>
    listed(`Deleted ${count(deleted, 'expired session', 'expired sessions')}`, strayUploads > 0 && count(strayUploads, 'stray upload', 'stray uploads')),
  'scheme.import': ({ codes, added, removed }) => `Imported ${count(codes, 'code', 'codes')} (${added.toLocaleString(locale)} added, ${removed.toLocaleString(locale)} removed)`,
  'dataset.ingest': ({ rows, titles }) => `Ingested ${count(rows, 'row', 'rows')} with ${count(titles, 'distinct title', 'distinct titles')}`,
  'crosswalk.import': ({ imported, alreadyPresent, refused, sameAs }) =>
    sameAs
      ? 'Added no links: the same file was imported before'
      : listed(
          `Imported ${count(imported, 'link', 'links')}`,
          alreadyPresent > 0 && `${alreadyPresent.toLocaleString(locale)} already present`,
          refused > 0 && `${count(refused, 'row', 'rows')} refused`,
        ),
  'crosswalk.remove-set': ({ removed, kept }) => listed(`Removed ${count(removed, 'link', 'links')}`, kept > 0 && `${kept.toLocaleString(locale)} kept`),
  'predictions.import': ({ entries, unknownCodes }) =>
    listed(`Imported ${count(entries, 'entry', 'entries')}`, unknownCodes > 0 && count(unknownCodes, 'code unknown to the scheme', 'codes unknown to the scheme')),
  'predictions.run': ({ coded, titles }) => `Coded ${coded.toLocaleString(locale)} of ${count(titles, 'title', 'titles')}`,
  'predictions.run-chunk': ({ coded, titles }) => `Coded ${coded.toLocaleString(locale)} of ${count(titles, 'title', 'titles')}`,
  'predictions.bulk-accept': ({ accepted }) => `Accepted ${count(accepted, 'prediction', 'predictions')}`,
  'conversion.run': ({ sourceCodes, problematic }) =>
    listed(`Converted ${count(sourceCodes, 'code', 'codes')}`, problematic > 0 && `${problematic.toLocaleString(locale)} of them problematic`),
  'links.suggest': ({ codes, suggested }) => `Suggested links for ${suggested.toLocaleString(locale)} of ${count(codes, 'code', 'codes')}`,
};

/** Whether a kind has its own sentence (the unit tests hold every kind of job-kinds.ts to it). */
export function hasOutcomeWording(kind: string): boolean {
  return Object.hasOwn(outcomeWordings, kind);
}

/**
 * What a completed job did: 'Converted 359 codes', 'Imported 2,910 entries', 'Coded 2,880 of
 * 2,910 titles'. A result that is not of its kind's shape (made before a field was added, or no
 * result at all) reads as the kind's label and 'done'.
 */
export function describeJobOutcome(job: Pick<JobRun, 'kind' | 'label' | 'result'>): string {
  const sentence = isJobKind(job.kind) ? wordOutcome(job.kind, job.result) : null;
  return sentence ?? `${job.label}: done`;
}

function wordOutcome<K extends JobKind>(kind: K, result: unknown): string | null {
  const parsed = jobKinds[kind].result.safeParse(result);
  if (!parsed.success) return null;
  const wording = outcomeWordings[kind] as (result: JobResult<K>) => string;
  return wording(parsed.data as JobResult<K>);
}

/**
 * A job's line in the recent jobs: how far it got while it runs, what it did once completed,
 * and where it stopped when it failed, if it got anywhere (its error is shown beside it).
 */
export function describeRecentJob(job: JobRun): string {
  if (job.state === 'completed') return describeJobOutcome(job);
  if (job.state === 'failed') return job.progress && job.progress.done > 0 ? `Failed at ${describeProgressAmount(job.progress)}` : 'Failed';
  return describeJobProgress(job);
}
