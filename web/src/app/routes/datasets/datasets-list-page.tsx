import { Page } from '../../../components/page';

export function DatasetsListPage() {
  return <Page title="Datasets" />;
}
