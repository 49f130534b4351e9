import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteParams } from '../../../components/route-params';

/** `/admin/linking?lc=&rc=&lid=&rid=`: the linking workspace. */
export function LinkingPage() {
  const [searchParams] = useSearchParams();
  return (
    <Page title="Linking">
      <RouteParams
        params={{
          'Left scheme': searchParams.get('lc'),
          'Right scheme': searchParams.get('rc'),
          'Left code': searchParams.get('lid'),
          'Right code': searchParams.get('rid'),
        }}
      />
    </Page>
  );
}
