import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteParams } from '../../../components/route-params';

/** `/admin/schemes/:scheme` and `/admin/schemes/:scheme/codes/:code`. */
export function SchemesPage() {
  const { scheme, code } = useParams();
  return (
    <Page title="Schemes">
      <RouteParams params={{ Scheme: scheme, Code: code }} />
    </Page>
  );
}
