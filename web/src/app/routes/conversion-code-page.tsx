import { useParams } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { ConversionCodeScreen } from '../../features/conversions/components/conversion-code-screen';

/** `/convert/:conversionId/codes/:uri`: one source code of a conversion on the diagram, to decide where it goes. */
export function ConversionCodePage() {
  const { conversionId = '', uri = '' } = useParams();
  const { user } = useAuth();
  return <ConversionCodeScreen conversionId={conversionId} uri={uri} isAdmin={user?.role === 'admin'} />;
}
