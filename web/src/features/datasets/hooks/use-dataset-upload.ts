import type { DatasetAccepted, DatasetMetadataInput } from '@og/shared/contracts/datasets';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newRequestKey } from '../../../lib/request-key';
import { createDataset } from '../api/create-dataset';
import { datasetKeys } from '../api/dataset-keys';
import { remainingWait } from '../upload-wizard-state';

export type DatasetUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; sent: number; total: number }
  /** The file is stored and its ingest job queued; the page moves to the list shortly. */
  | { status: 'accepted'; accepted: DatasetAccepted }
  | { status: 'failed'; message: string };

export const datasetsListPath = '/datasets/list';

/**
 * 'Create dataset' (SPEC §4): sends the settings and the file with upload progress; when the
 * request returns, the datasets list is refreshed and the page moves to it, no earlier than
 * 2 s after the click. Leaving the page cuts an unfinished upload off (nothing is created).
 */
export function useDatasetUpload() {
  const [state, setState] = useState<DatasetUploadState>({ status: 'idle' });
  const upload = useRef<AbortController | null>(null);
  const navigation = useRef<number | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () => () => {
      upload.current?.abort();
      if (navigation.current !== null) window.clearTimeout(navigation.current);
    },
    [],
  );

  const start = useCallback(
    (metadata: DatasetMetadataInput, file: File) => {
      const clickedAt = Date.now();
      const controller = new AbortController();
      upload.current?.abort();
      upload.current = controller;
      setState({ status: 'uploading', sent: 0, total: file.size });
      createDataset({
        metadata,
        file,
        requestKey: newRequestKey(),
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          if (!controller.signal.aborted) setState({ status: 'uploading', sent: loaded, total });
        },
      }).then(
        (accepted) => {
          if (controller.signal.aborted) return;
          upload.current = null;
          setState({ status: 'accepted', accepted });
          // The list page reads the list again when it opens; a cached one is marked out of date here.
          void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });
          navigation.current = window.setTimeout(() => void navigate(datasetsListPath), remainingWait(clickedAt, Date.now()));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          upload.current = null;
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [navigate, queryClient],
  );

  /** Cuts an unfinished upload off; answers whether there was one. */
  const cancel = useCallback((): boolean => {
    const running = upload.current;
    upload.current = null;
    running?.abort();
    if (navigation.current !== null) window.clearTimeout(navigation.current);
    navigation.current = null;
    setState({ status: 'idle' });
    return running !== null;
  }, []);

  return { state, start, cancel };
}
