import { Page } from '../../../components/page';

export function UploadDatasetPage() {
  return <Page title="Upload dataset" />;
}
