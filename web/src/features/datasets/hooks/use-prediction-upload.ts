import type { PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { datasetKeys } from '../api/dataset-keys';
import { usePredictionSetKit } from '../prediction-set-kit';

export type PredictionUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; sent: number; total: number }
  /** The file is stored and its import queued: the set is listed under its dataset, importing. */
  | { status: 'accepted'; accepted: PredictionSetAccepted }
  | { status: 'failed'; message: string };

/**
 * Uploads a prediction file for a dataset with its progress (SPEC §2 'Run predictions', §7
 * `POST /api/datasets/{id}/predictions`). Once accepted the list is read again, so the new set's
 * row shows its import. Closing the modal (unmounting) cuts an unfinished upload off.
 */
export function usePredictionUpload(datasetId: string) {
  const [state, setState] = useState<PredictionUploadState>({ status: 'idle' });
  const upload = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const { upload: uploadPredictionSet } = usePredictionSetKit();

  useEffect(() => () => upload.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      const controller = new AbortController();
      upload.current?.abort();
      upload.current = controller;
      setState({ status: 'uploading', sent: 0, total: file.size });
      uploadPredictionSet({
        file,
        datasetId,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          if (!controller.signal.aborted) setState({ status: 'uploading', sent: loaded, total });
        },
      }).then(
        (accepted) => {
          if (controller.signal.aborted) return;
          upload.current = null;
          setState({ status: 'accepted', accepted });
          void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          upload.current = null;
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [datasetId, queryClient, uploadPredictionSet],
  );

  /** Back to choosing a file (a new file is chosen); an unfinished upload is cut off. */
  const reset = useCallback(() => {
    upload.current?.abort();
    upload.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, reset };
}
