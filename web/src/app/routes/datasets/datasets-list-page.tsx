import { Page } from '../../../components/page';
import { useAuth } from '../../../features/auth/auth-context';
import { DatasetsTable, UploadDatasetButton } from '../../../features/datasets/components/datasets-table';
import { PredictionSetKitProvider, type PredictionSetKit } from '../../../features/datasets/prediction-set-kit';
import { datasetExportUrl, predictionSetExportUrl } from '../../../features/prediction-sets/api/export-prediction-set';
import { usePredictionSetCounts } from '../../../features/prediction-sets/api/get-prediction-set-counts';
import { useUpdatePredictionSet } from '../../../features/prediction-sets/api/update-prediction-set';
import { usePredictionModels } from '../../../features/prediction-sets/api/get-prediction-models';
import { startPredictionRun } from '../../../features/prediction-sets/api/start-prediction-run';
import { predictionFileAccept } from '../../../features/prediction-sets/api/upload-prediction-set';
import { DeletePredictionSetModal } from '../../../features/prediction-sets/components/delete-prediction-set-modal';
import { MappingProgress } from '../../../features/prediction-sets/components/mapping-progress';
import { useLivePredictionSet } from '../../../features/prediction-sets/hooks/use-live-prediction-set';
import { usePredictionSetUpload } from '../../../features/prediction-sets/hooks/use-prediction-set-upload';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';

/** The prediction-sets feature's parts the list's set rows and modals use (features do not import each other). */
const predictionSetKit: PredictionSetKit = {
  useCounts: usePredictionSetCounts,
  useLiveChanges: useLivePredictionSet,
  MappingProgress,
  useUpdate: useUpdatePredictionSet,
  DeleteModal: DeletePredictionSetModal,
  exportUrl: predictionSetExportUrl,
  datasetExportUrl,
  useUpload: usePredictionSetUpload,
  startRun: startPredictionRun,
  useModels: usePredictionModels,
  fileAccept: predictionFileAccept,
};

/** `/datasets/list`: the user's own and shared datasets with their ingest progress, prediction sets and actions. */
export function DatasetsListPage() {
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  return (
    <Page title="Datasets">
      <UploadDatasetButton />
      <PredictionSetKitProvider kit={predictionSetKit}>
        <DatasetsTable schemes={schemes.data?.schemes ?? []} isAdmin={user?.role === 'admin'} />
      </PredictionSetKitProvider>
    </Page>
  );
}
