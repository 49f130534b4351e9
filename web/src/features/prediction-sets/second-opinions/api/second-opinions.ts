import { auditDetail } from '@og/shared/contracts/audits';
import { predictionEntryAnswer, type PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import {
  adjudicationSaved,
  type AdjudicationRequest,
  agreementReport,
  secondOpinionCounts,
  secondOpinionSaved,
  type SecondOpinionRequest,
  secondOpinionsOffered,
} from '@og/shared/contracts/second-opinions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** Query keys of a set's double coding, under the set's own key (its invalidation reads them again). */
export const secondOpinionKeys = {
  all: (setId: string) => [...predictionSetKeys.set(setId), 'second-opinions'] as const,
  counts: (setId: string) => [...secondOpinionKeys.all(setId), 'counts'] as const,
  next: (setId: string) => [...secondOpinionKeys.all(setId), 'next'] as const,
  agreement: (setId: string) => [...secondOpinionKeys.all(setId), 'agreement'] as const,
};

/** `GET …/second-opinions`: offered, answered, pending, and those the caller may answer. */
export function useSecondOpinionCounts(setId: string) {
  return useQuery({
    queryKey: secondOpinionKeys.counts(setId),
    queryFn: ({ signal }) => api.get(`${predictionSetApiPath(setId)}/second-opinions`, secondOpinionCounts, { signal }),
  });
}

/** `GET …/second-opinions/_next`: the next entry for the caller, blind; null when none is left (404). */
export function useNextSecondOpinion(setId: string) {
  return useQuery({
    queryKey: secondOpinionKeys.next(setId),
    queryFn: async ({ signal }): Promise<PredictionEntryAnswer | null> => {
      try {
        return await api.get(`${predictionSetApiPath(setId)}/second-opinions/_next`, predictionEntryAnswer, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** `POST …/second-opinions/{string}`: the second reviewer's codes; then the counts and the next entry are read again. */
export function useAnswerSecondOpinion(setId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ string, coding }: { string: string; coding: SecondOpinionRequest }) =>
      api.post(`${predictionSetApiPath(setId)}/second-opinions/${encodeURIComponent(string)}`, coding, secondOpinionSaved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondOpinionKeys.all(setId) }),
  });
}

/** `POST …/second-opinions {share}` (the owner or an admin): how many entries were offered now. */
export function useOfferSecondOpinions(setId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: number) => api.post(`${predictionSetApiPath(setId)}/second-opinions`, { share }, secondOpinionsOffered),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondOpinionKeys.all(setId) }),
  });
}

/**
 * An audit's sample offered for a second opinion (the owner or an admin): its entries read
 * (`GET …/audits/{auditId}`) and sent as `POST …/second-opinions {strings}`; answers how many the
 * sample has and how many were offered now (only those a reviewer mapped and not offered yet are).
 */
export function useOfferSampleSecondOpinions(setId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (auditId: string): Promise<{ auditId: string; sample: number; offered: number }> => {
      const audit = await api.get(`${predictionSetApiPath(setId)}/audits/${encodeURIComponent(auditId)}`, auditDetail);
      const offered = await api.post(`${predictionSetApiPath(setId)}/second-opinions`, { strings: audit.entries.map((entry) => entry.string) }, secondOpinionsOffered);
      return { auditId, sample: audit.entries.length, offered: offered.entries };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondOpinionKeys.all(setId) }),
  });
}

/** `GET …/agreement`: κ and percent agreement per level, per pair of reviewers, and the disagreements left. */
export function useAgreementReport(setId: string) {
  return useQuery({
    queryKey: secondOpinionKeys.agreement(setId),
    queryFn: ({ signal }) => api.get(`${predictionSetApiPath(setId)}/agreement`, agreementReport, { signal }),
  });
}

/** `POST …/adjudications/{string}`: the codes the entry is given; the report is read again. */
export function useAdjudicate(setId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ string, decision }: { string: string; decision: AdjudicationRequest }) =>
      api.post(`${predictionSetApiPath(setId)}/adjudications/${encodeURIComponent(string)}`, decision, adjudicationSaved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondOpinionKeys.all(setId) }),
  });
}

/** The agreement files, downloaded by a link. */
export const agreementFileUrl = (setId: string, file: 'agreement.csv' | 'agreement.sssom.tsv') => `${predictionSetApiPath(setId)}/${file}`;
