import { schemes as registeredSchemes, type SchemeId } from '@og/shared/domain/schemes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Page } from '../../../components/page';
import { useAuth } from '../../../features/auth/auth-context';
import { LinkingWorkspace } from '../../../features/linking/components/linking-workspace';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { schemeTreeQueryOptions } from '../../../lib/schemes/get-scheme-tree';
import { schemeKeys } from '../../../lib/schemes/scheme-keys';

/**
 * Scheme data counts links too (each code's link count, the schemes' linked leaves, a code's
 * 'Links' tab). After a link edit it is marked out of date, not read again at once: the linking
 * page does not show those counts, and the scheme screens read it again when they next need it.
 */
function markSchemeLinksStale(queryClient: QueryClient, schemes: readonly SchemeId[]): void {
  for (const scheme of schemes) {
    void queryClient.invalidateQueries({ queryKey: schemeKeys.tree(scheme), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: schemeKeys.linksOfScheme(scheme), refetchType: 'none' });
  }
  void queryClient.invalidateQueries({ queryKey: schemeKeys.list(), refetchType: 'none' });
}

/** `/admin/linking?lc=&rc=&lid=&rid=`: the linking workspace, given scheme data by the schemes feature. */
export function LinkingPage() {
  const schemes = useSchemesQuery();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const onLinksChanged = useCallback((changed: readonly SchemeId[]) => markSchemeLinksStale(queryClient, changed), [queryClient]);
  return (
    <Page title="Linking">
      <LinkingWorkspace
        schemes={schemes.data?.schemes ?? registeredSchemes}
        treeQuery={schemeTreeQueryOptions}
        canEdit={user?.role === 'admin'}
        onLinksChanged={onLinksChanged}
      />
    </Page>
  );
}
