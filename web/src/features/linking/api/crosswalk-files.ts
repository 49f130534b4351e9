import { idempotencyHeaderName, jobAccepted, type JobAccepted, type JobRun } from '@og/shared/contracts/jobs';
import type { LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { jobKinds, type JobResult } from '@og/shared/jobs/job-kinds';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';

/** Crosswalk files the import reads: CSV (`source_code,target_code[,relation]`) or SSSOM TSV. */
export const crosswalkFileAccept = '.csv,.tsv,.txt,text/csv,text/tab-separated-values';

export function isCrosswalkFile(file: File): boolean {
  return /\.(csv|tsv|txt)$/i.test(file.name);
}

export interface CrosswalkImportRequest {
  file: File;
  source: SchemeId;
  target: SchemeId;
  /** The relation of rows that name none, read from source to target. */
  relation: LinkRelation;
}

/** `POST /api/crosswalks` (multipart: file, source, target, relation) answers 202 with the id of a `crosswalk.import` job. */
export function startCrosswalkImport({ file, source, target, relation }: CrosswalkImportRequest, requestKey: string): Promise<JobAccepted> {
  const form = new FormData();
  form.append('source', source);
  form.append('target', target);
  form.append('relation', relation);
  form.append('file', file, file.name);
  return api.postForm('/api/crosswalks', form, jobAccepted, { headers: { [idempotencyHeaderName]: requestKey } });
}

export function useStartCrosswalkImport() {
  return useMutation({
    mutationFn: (request: CrosswalkImportRequest) => startCrosswalkImport(request, newRequestKey()),
    onError: (error) => notifyAdmin({ title: 'Import not started', message: error.message, color: 'red' }),
  });
}

/** A finished crosswalk import's counts, or null while it runs or when it failed. */
export function crosswalkImportResult(job: JobRun | undefined): JobResult<'crosswalk.import'> | null {
  if (job?.state !== 'completed') return null;
  const parsed = jobKinds['crosswalk.import'].result.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

/** The rows an import refused, with their reasons, as CSV. */
export function refusedRowsPath(jobId: string): string {
  return `/api/crosswalks/imports/${encodeURIComponent(jobId)}/refused.csv`;
}

export type CrosswalkFormat = 'sssom' | 'csv';

/** `GET /api/crosswalks/{source}/{target}?format=`: the pair's links as a file, read from source to target. */
export function crosswalkExportPath(source: SchemeId, target: SchemeId, format: CrosswalkFormat): string {
  return `/api/crosswalks/${source}/${target}?${new URLSearchParams({ format })}`;
}
