import type { JobRun } from '@og/shared/contracts/jobs';
import type { PredictionModel } from '@og/shared/contracts/predictions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { datasetKeys } from '../api/dataset-keys';
import { startPredictionRun } from '../api/start-prediction-run';

export type PredictionRunState =
  | { status: 'idle' }
  | { status: 'starting' }
  /** The set is listed, importing; its job codes the titles. `learned` once the job says what it learned from. */
  | { status: 'started'; jobId: string; learned: string | null }
  | { status: 'failed'; message: string };

interface RunResult {
  titles?: number;
  coded?: number;
  learnedFrom?: { titles: number };
  /** With a language column: how many titles were coded without a language, in words. */
  withoutLanguage?: { note: string };
}

/** 'Run predictions' with a model: starts the run, follows it, and says what the coder learned from. */
export function usePredictionRun(datasetId: string) {
  const [state, setState] = useState<PredictionRunState>({ status: 'idle' });
  const queryClient = useQueryClient();

  const start = useCallback(
    (scheme: SchemeId, model: PredictionModel) => {
      setState({ status: 'starting' });
      startPredictionRun(datasetId, { scheme, model }).then(
        (accepted) => {
          setState({ status: 'started', jobId: accepted.jobId, learned: null });
          void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });
        },
        (error: unknown) => setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    },
    [datasetId, queryClient],
  );

  const finished = useCallback(
    (job: JobRun, schemeLabel: string) => {
      void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });
      const result = job.result as RunResult | null;
      if (job.state !== 'completed' || !result?.learnedFrom) return;
      setState((current) =>
        current.status === 'started'
          ? {
              ...current,
              learned: `Learned from ${result.learnedFrom!.titles.toLocaleString('en')} titles in ${schemeLabel}; coded ${(result.coded ?? 0).toLocaleString('en')} of ${(result.titles ?? 0).toLocaleString('en')} titles.${result.withoutLanguage ? ` ${result.withoutLanguage.note}` : ''}`,
            }
          : current,
      );
    },
    [queryClient],
  );

  return { state, start, finished };
}
