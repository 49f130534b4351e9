import { idempotencyHeaderName, jobAccepted, type JobAccepted, type JobRun } from '@og/shared/contracts/jobs';
import { crosswalkPreview, type CrosswalkPreview, type CrosswalkRelationMap, type crosswalkJustifications, type LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { jobKinds, type JobResult } from '@og/shared/jobs/job-kinds';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';

/** Crosswalk files the import reads: CSV (`source_code,target_code[,relation]`) or SSSOM TSV. */
export const crosswalkFileAccept = '.csv,.tsv,.txt,text/csv,text/tab-separated-values';

export function isCrosswalkFile(file: File): boolean {
  return /\.(csv|tsv|txt)$/i.test(file.name);
}

/** The schemes of the file's code columns, and the weight column to read (a header name, or `none`; absent: detected). */
export interface CrosswalkReading {
  source: SchemeId;
  target: SchemeId;
  weightColumn?: string;
}

export interface CrosswalkImportRequest extends CrosswalkReading {
  file: File;
  /** The relation of rows that name none, read from source to target. */
  relation: LinkRelation;
  /** Relation values of the file read as these SKOS relations. */
  relationMap?: CrosswalkRelationMap;
  /** The set's name (absent: the file's name), its licence, and how a CSV's rows were matched. */
  name?: string;
  license?: string;
  justification?: (typeof crosswalkJustifications)[number];
}

function crosswalkForm(file: File, fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

/**
 * `POST /api/crosswalks` (multipart: file, source, target, relation, weightColumn, relationMap as
 * JSON, name, license, justification) answers 202 with the id of a `crosswalk.import` job.
 */
export function startCrosswalkImport({ file, source, target, relation, weightColumn, relationMap, name, license, justification }: CrosswalkImportRequest, requestKey: string): Promise<JobAccepted> {
  const form = crosswalkForm(file, {
    source,
    target,
    relation,
    weightColumn,
    relationMap: relationMap && Object.keys(relationMap).length > 0 ? JSON.stringify(relationMap) : undefined,
    name,
    license,
    justification,
  });
  return api.postForm('/api/crosswalks', form, jobAccepted, { headers: { [idempotencyHeaderName]: requestKey } });
}

/** `POST /api/crosswalks/preview` (multipart: file, source, target, weightColumn): what an import of the file would read, from its start. */
export function previewCrosswalk(file: File, { source, target, weightColumn }: CrosswalkReading, signal?: AbortSignal): Promise<CrosswalkPreview> {
  return api.postForm('/api/crosswalks/preview', crosswalkForm(file, { source, target, weightColumn }), crosswalkPreview, { signal });
}

/** A chosen file told apart from another of the same name (the query key cannot hold the file itself). */
const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * The preview of the chosen file, read again when the schemes or the weight column change (the
 * relation map is applied to its rows on the page: choosing a relation sends nothing). The last
 * preview of the same file stays shown while the next one loads.
 */
export function useCrosswalkPreview(file: File | null, reading: CrosswalkReading) {
  const chosen = file ? fileKey(file) : null;
  return useQuery({
    queryKey: ['crosswalks', 'preview', chosen, reading.source, reading.target, reading.weightColumn ?? null],
    queryFn: ({ signal }) => previewCrosswalk(file!, reading, signal),
    enabled: file !== null && isCrosswalkFile(file) && reading.source !== reading.target,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    // Another file's preview is never shown as this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === chosen ? previous : undefined),
  });
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
