import { type AuditAnswered, auditAnswered, auditAt, type AuditDetail, auditDetail, auditDrawn, type AuditDrawn, auditReport } from '@og/shared/contracts/audits';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** An answer to an audit's entry: the top prediction right, or wrong with the right codes (saved as the entry's mapping). */
export interface AuditAnswer {
  auditId: string;
  string: string;
  correct: boolean;
  nodeURIs?: string[];
}

/** The key of a set's audit answers on their way to the server. */
const auditAnswerKey = (setId: string) => ['audit-answers', setId] as const;

/**
 * `POST …/audits/{auditId}/answers`. An answer counts as on its way until the audit's reads it
 * changes are marked stale, so that what reads the report once none is on its way
 * ({@link useAnswersSettled}) reads it with every answer. `onFailed` hears of every answer not
 * saved (answers are sent one after another without waiting, and a `mutate` call's own callbacks
 * would hear only of the last).
 */
export function useAnswerAudit(setId: string, onFailed: (answer: AuditAnswer, failure: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: auditAnswerKey(setId),
    mutationFn: ({ auditId, ...answer }: AuditAnswer): Promise<AuditAnswered> =>
      api.post(`${predictionSetApiPath(setId)}/audits/${encodeURIComponent(auditId)}/answers`, answer, auditAnswered),
    onSuccess: (_, answer) => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.all(setId) });
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.entryReads(setId, answer.string) });
    },
    onError: (failure, answer) => onFailed(answer, failure),
  });
}

/** No answer to the set's audits is on its way. */
export function useAnswersSettled(setId: string): boolean {
  return useIsMutating({ mutationKey: auditAnswerKey(setId) }) === 0;
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

/** `GET …/audit`: the estimates per band, overall and along the production curve, and the set's audits. */
export function useAuditReport(setId: string, enabled = true) {
  return useQuery({
    queryKey: auditKeys.report(setId),
    queryFn: ({ signal }) => api.get(`${predictionSetApiPath(setId)}/audit`, auditReport, { signal }),
    enabled,
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
