import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import type { PredictionExportFormat, PredictionFilter, PredictionModelList, PredictionRunRequest, PredictionSetAccepted, PredictionSetCount } from '@og/shared/contracts/predictions';
import { createContext, use, type ComponentType, type ReactNode } from 'react';

/** Where a PATCH of a dataset's set goes, and what it stores. */
export interface PredictionSetUpdate {
  address: { setId: string; datasetId: string | null };
  scope: { filter?: PredictionFilter; threshold?: number };
}

/**
 * What the datasets list needs of the prediction-sets feature (its counts, live changes, PATCH,
 * delete, exports and upload). Features do not import each other (STYLE.md): the app's datasets
 * page hands these over, and the rows below read them here.
 */
export interface PredictionSetKit {
  /** `GET /api/prediction-sets/{id}?threshold=`, only once `enabled`. */
  useCounts: (
    setId: string,
    threshold: number,
    options: { enabled: boolean },
  ) => { data: PredictionSetCount | undefined; isFetching: boolean; error: Error | null; refetch: () => Promise<unknown> };
  /** Reads the set's counts again whenever a reviewer saves in it (null: not listening). */
  useLiveChanges: (setId: string | null) => void;
  MappingProgress: ComponentType<{ counts: PredictionSetCount }>;
  /** Stores a set's filter or threshold; the lists showing it are read again. */
  useUpdate: () => {
    mutate(update: PredictionSetUpdate, callbacks: { onSuccess: () => void; onError: (error: Error) => void }): void;
    isPending: boolean;
  };
  DeleteModal: ComponentType<{ predictionSet: Pick<PredictionSetSummary, 'id' | 'name' | 'total'>; opened: boolean; onClose: () => void }>;
  exportUrl: (setId: string, format: PredictionExportFormat) => string;
  datasetExportUrl: (datasetId: string, format: PredictionExportFormat) => string;
  /** Sends a prediction file for the dataset with its progress; the list is read again once it is stored. */
  useUpload: (datasetId: string) => { state: PredictionUploadState; start: (file: File) => void; reset: () => void };
  /** The models this server can run, and why not the others. */
  useModels: () => { data: PredictionModelList | undefined };
  /** Codes the dataset's titles with a coder (issue 13): a new set, its job. */
  startRun: (datasetId: string, request: PredictionRunRequest) => Promise<PredictionSetAccepted>;
  /** What a prediction file input accepts. */
  fileAccept: string;
}

export type PredictionUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; sent: number; total: number }
  | { status: 'accepted'; fileName: string; accepted: PredictionSetAccepted }
  | { status: 'failed'; fileName: string; message: string };

const PredictionSetKitContext = createContext<PredictionSetKit | null>(null);

export function PredictionSetKitProvider({ kit, children }: { kit: PredictionSetKit; children: ReactNode }) {
  return <PredictionSetKitContext value={kit}>{children}</PredictionSetKitContext>;
}

export function usePredictionSetKit(): PredictionSetKit {
  const kit = use(PredictionSetKitContext);
  if (!kit) throw new Error('The datasets list needs a PredictionSetKitProvider (the app composes it from the prediction-sets feature).');
  return kit;
}
