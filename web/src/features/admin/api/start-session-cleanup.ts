import { idempotencyHeaderName, type JobAccepted, jobAccepted } from '@og/shared/contracts/jobs';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';

/**
 * `POST /api/admin/sessions/cleanup` (202 `{ jobId }`): deletes expired login sessions now
 * instead of at the next hourly run. The key makes a retried request join the same job.
 */
export function startSessionCleanup(requestKey: string): Promise<JobAccepted> {
  return api.post('/api/admin/sessions/cleanup', undefined, jobAccepted, {
    headers: { [idempotencyHeaderName]: requestKey },
  });
}

/** One click, one job: every call gets a fresh idempotency key. */
export function useStartSessionCleanup() {
  return useMutation({
    mutationFn: () => startSessionCleanup(newRequestKey()),
    onError: (error) =>
      notifyAdmin({ title: 'Clean-up not started', message: error.message, color: 'red' }),
  });
}
