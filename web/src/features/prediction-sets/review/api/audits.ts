import { type AuditAnswered, auditAnswered, auditAt, type AuditDetail, auditDetail, auditDrawn, type AuditDrawn, auditReport } from '@og/shared/contracts/audits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** Query keys of a set's audits (issue 30): all under one prefix, so a change in the set reads them again at once. */
export const auditKeys = {
  all: (setId: string) => [...predictionSetKeys.set(setId), 'audit'] as const,
  report: (setId: string) => [...auditKeys.all(setId), 'report'] as const,
  audit: (setId: string, auditId: string) => [...auditKeys.all(setId), 'one', auditId] as const,
  at: (setId: string, confidence: number) => [...auditKeys.all(setId), 'at', confidence] as const,
};

/** `POST …/audits {size}`: a sample drawn, its entries in the order to check them. */
export function drawAudit(setId: string, size: number): Promise<AuditDrawn> {
  return api.post(`${predictionSetApiPath(setId)}/audits`, { size }, auditDrawn);
}

/** `POST …/audits/{auditId}/answers`: the top prediction right, or wrong with the right codes (saved as the entry's mapping). */
export function answerAudit(setId: string, auditId: string, answer: { string: string; correct: boolean; nodeURIs?: string[] }): Promise<AuditAnswered> {
  return api.post(`${predictionSetApiPath(setId)}/audits/${encodeURIComponent(auditId)}/answers`, answer, auditAnswered);
}

/** `GET …/audits/{auditId}`: the audit's entries in order, with their answers so far. */
export function useAudit(setId: string, auditId: string | null) {
  return useQuery({
    queryKey: auditKeys.audit(setId, auditId ?? ''),
    queryFn: ({ signal }): Promise<AuditDetail> => api.get(`${predictionSetApiPath(setId)}/audits/${encodeURIComponent(auditId ?? '')}`, auditDetail, { signal }),
    enabled: auditId !== null,
    retry: false,
  });
}

/** How often, and how many times at most, a report is read again while it does not count the answers given yet. */
const awaitAnswersMs = 500;
const awaitAnswersReads = 40;

/**
 * `GET …/audit`: the estimates per band, overall and along the production curve, and the set's
 * audits. With `awaiting`, the report is read again until it counts that many answers of that
 * audit: a first read still in flight when the last answer is stored is not read again when the
 * answer invalidates it, so the screen could otherwise keep an estimate without that answer.
 */
export function useAuditReport(setId: string, enabled = true, awaiting?: { auditId: string; answered: number }) {
  return useQuery({
    queryKey: auditKeys.report(setId),
    queryFn: ({ signal }) => api.get(`${predictionSetApiPath(setId)}/audit`, auditReport, { signal }),
    enabled,
    refetchInterval: (query) => {
      if (!awaiting || query.state.dataUpdateCount >= awaitAnswersReads) return false;
      const counted = query.state.data?.audits.find((audit) => audit.auditId === awaiting.auditId)?.answered ?? 0;
      return counted < awaiting.answered ? awaitAnswersMs : false;
    },
  });
}

/** `GET …/audit/at?confidence=`: the estimate over the entries at least that sure (what a bulk acceptance there would map). */
export function useAuditAt(setId: string, confidence: number, enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.at(setId, confidence),
    queryFn: ({ signal }) => api.get(`${predictionSetApiPath(setId)}/audit/at?confidence=${confidence}`, auditAt, { signal }),
    enabled,
  });
}
