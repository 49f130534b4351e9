import type { SchemeTree } from '@og/shared/contracts/schemes';
import { Page } from '../../../components/page';
import { UploadWizard } from '../../../features/datasets/components/upload-wizard';
import { schemeTreeQueryOptions } from '../../../lib/schemes/get-scheme-tree';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';

/** A scheme's code strings ('Occupation code'); module-level, so the selected array stays the same while the tree does. */
function labelsOf(tree: SchemeTree): string[] {
  return Object.values(tree.lookup).map((code) => code.label);
}

/** The scheme's tree query, selecting its code strings: edits of the codes refresh it like the tree. */
function codeLabelsQuery(scheme: string) {
  return { ...schemeTreeQueryOptions(scheme), select: labelsOf };
}

/** `/datasets/upload`: the upload wizard, given the schemes (and their codes) from the schemes feature. */
export function UploadDatasetPage() {
  const schemes = useSchemesQuery();
  return (
    <Page title="Upload dataset">
      <UploadWizard schemes={schemes.data?.schemes ?? []} codeLabelsQuery={codeLabelsQuery} />
    </Page>
  );
}
