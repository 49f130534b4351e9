import { Page } from '../../../components/page';
import { useAuth } from '../../../features/auth/auth-context';
import { DatasetsTable, UploadDatasetButton } from '../../../features/datasets/components/datasets-table';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';

/** `/datasets/list`: the user's own and shared datasets with their ingest progress, prediction sets and actions. */
export function DatasetsListPage() {
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  return (
    <Page title="Datasets">
      <UploadDatasetButton />
      <DatasetsTable schemes={schemes.data?.schemes ?? []} isAdmin={user?.role === 'admin'} />
    </Page>
  );
}
