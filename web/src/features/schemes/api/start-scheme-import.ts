import { idempotencyHeaderName, type JobAccepted, jobAccepted } from '@og/shared/contracts/jobs';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { schemeApiPath } from '../../../lib/schemes/scheme-keys';

/** Files an import accepts: CSV with the header `code,label,parent,description`, or SKOS Turtle. */
export const schemeImportAccept = '.csv,.ttl,text/csv,text/turtle';

export function isImportableFile(file: File): boolean {
  return /\.(csv|ttl)$/i.test(file.name);
}

/**
 * `POST /api/schemes/{scheme}/imports` (multipart, field `file`) answers 202 with the id of a
 * `scheme.import` job. The key makes a retried request join the job it already started.
 */
export function startSchemeImport(scheme: string, file: File, requestKey: string): Promise<JobAccepted> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postForm(`${schemeApiPath(scheme)}/imports`, form, jobAccepted, {
    headers: { [idempotencyHeaderName]: requestKey },
  });
}

export function useStartSchemeImport(scheme: string) {
  return useMutation({
    mutationFn: (file: File) => startSchemeImport(scheme, file, newRequestKey()),
    onError: (error) => notifyAdmin({ title: 'Import not started', message: error.message, color: 'red' }),
  });
}
