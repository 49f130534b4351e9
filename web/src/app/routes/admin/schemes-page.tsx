import { defaultSchemeId } from '@og/shared/domain/schemes';
import { useParams } from 'react-router';
import { useAuth } from '../../../features/auth/auth-context';
import { SchemeBrowser } from '../../../features/schemes/components/scheme-browser';

/** `/admin/schemes/:scheme` and `/admin/schemes/:scheme/codes/:code`: the scheme browser and code detail. */
export function SchemesPage() {
  const { scheme, code } = useParams();
  const { user } = useAuth();
  return <SchemeBrowser scheme={scheme ?? defaultSchemeId} code={code ?? null} canEdit={user?.role === 'admin'} />;
}
