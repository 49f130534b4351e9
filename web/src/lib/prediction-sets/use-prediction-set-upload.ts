import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import type { PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listKeysOfSet } from './prediction-set-keys';
import { uploadPredictionSet } from './upload-prediction-set';

export type PredictionSetUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; sent: number; total: number }
  /** The file is stored and its import queued: the lists show the new set, importing. */
  | { status: 'accepted'; fileName: string; accepted: PredictionSetAccepted }
  | { status: 'failed'; fileName: string; message: string };

/**
 * Sends a prediction file, with the reading the column-mapping step shows, and its upload progress (SPEC §7 `POST /api/predictions`, or for a
 * dataset `POST /api/datasets/{id}/predictions`). Once the file is stored the lists are read
 * again, so the new set shows as importing. Unmounting cuts an unfinished upload off.
 */
export function usePredictionSetUpload(datasetId: string | null = null) {
  const [state, setState] = useState<PredictionSetUploadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (file: File, reading: PredictionReading | null = null) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'uploading', fileName: file.name, sent: 0, total: file.size });
      uploadPredictionSet({
        file,
        reading,
        datasetId,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          if (!controller.signal.aborted) setState({ status: 'uploading', fileName: file.name, sent: loaded, total });
        },
      }).then(
        (accepted) => {
          if (controller.signal.aborted) return;
          running.current = null;
          setState({ status: 'accepted', fileName: file.name, accepted });
          for (const queryKey of listKeysOfSet(datasetId)) void queryClient.invalidateQueries({ queryKey });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          running.current = null;
          setState({ status: 'failed', fileName: file.name, message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [datasetId, queryClient],
  );

  /** Back to choosing a file; an unfinished upload is cut off. */
  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, reset };
}
