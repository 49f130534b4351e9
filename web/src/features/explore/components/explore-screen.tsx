import { Alert, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { SchemeSummary } from '@og/shared/contracts/schemes';
import { IconBinaryTree2, IconInfoCircle, IconLanguage } from '@tabler/icons-react';
import { useMemo } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { exploreTabs, type ExploreTab } from '../explore-address';
import { useExploreAddress } from '../hooks/use-explore-address';
import { ExploreBrowser } from './explore-browser';
import { TranslatePanel } from './translate-panel';

function isExploreTab(value: string | null): value is ExploreTab {
  return (exploreTabs as readonly (string | null)[]).includes(value);
}

/**
 * Explore, open to everyone and read-only: 'Browse' a scheme, its codes and their links
 * to every other scheme, or 'Translate codes' from one scheme into another.
 */
export function ExploreScreen() {
  const [address, change] = useExploreAddress();
  const schemesQuery = useSchemesQuery();
  // Only schemes with codes can be browsed or translated.
  const withCodes = useMemo<SchemeSummary[]>(() => (schemesQuery.data?.schemes ?? []).filter((scheme) => scheme.codeCount > 0), [schemesQuery.data]);

  let browse;
  let translate;
  if (schemesQuery.error) {
    const failed = (
      <LoadErrorAlert
        title="The schemes could not be loaded"
        message={schemesQuery.error.message}
        onRetry={() => void schemesQuery.refetch()}
        data-testid="explore-schemes-error"
      />
    );
    browse = translate = failed;
  } else if (!schemesQuery.data) {
    browse = translate = (
      <Stack gap="sm" aria-busy aria-label="Loading schemes">
        <Skeleton height={36} maw={420} />
        <Skeleton height={320} />
      </Stack>
    );
  } else if (withCodes.length === 0) {
    browse = translate = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title="No codes yet" data-testid="explore-no-schemes">
        No scheme has codes yet. Once an administrator has imported a scheme, its codes and links show here.
      </Alert>
    );
  } else {
    browse = <ExploreBrowser schemes={withCodes} address={address} onChange={change} />;
    translate = <TranslatePanel schemes={withCodes} from={address.from} to={address.to} onSchemesChange={(from, to) => change({ from, to })} />;
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm" mt={-12} maw={760}>
        Look up any code of a classification scheme and see what it is linked to in the others, or translate a list of codes
        from one scheme into another.
      </Text>
      <Tabs value={address.tab} onChange={(tab) => isExploreTab(tab) && change({ tab }, { push: true })} data-testid="explore-tabs">
        <Tabs.List>
          <Tabs.Tab value="browse" leftSection={<IconBinaryTree2 size={16} />} data-testid="explore-tab-browse">
            Browse
          </Tabs.Tab>
          <Tabs.Tab value="translate" leftSection={<IconLanguage size={16} />} data-testid="explore-tab-translate">
            Translate codes
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="browse" pt="md">
          {browse}
        </Tabs.Panel>
        <Tabs.Panel value="translate" pt="md">
          {translate}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
