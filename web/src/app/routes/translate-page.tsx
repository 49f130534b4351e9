import { Navigate } from 'react-router';
import { exploreTranslatePath } from '../../features/explore/explore-address';

/** The temporary translate page ('[TMP] Translate', SPEC §2) is Explore's 'Translate codes'. */
export function TranslatePage() {
  return <Navigate to={exploreTranslatePath} replace />;
}
