import { Anchor, Badge, Breadcrumbs, Group, Loader, Spoiler, Stack, Text, Title } from '@mantine/core';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { useMemo } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useCodeLinksQuery } from '../../../lib/schemes/get-code-links';
import { descendantLinks, groupLinksByScheme, type DescendantLinks } from '../code-links';
import { CodeLinkGroups } from './code-link-groups';

interface ExploreCodeDetailProps {
  scheme: SchemeId;
  record: CodeRecord;
  /** Parent first … root last. */
  ancestors: CodeRecord[];
  lookup: Readonly<Record<string, CodeRecord>>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  onSelect: (code: string) => void;
}

const countFormat = new Intl.NumberFormat('en');
const plural = (count: number, one: string, many: string) => `${countFormat.format(count)} ${count === 1 ? one : many}`;

/** A code as anyone may read it: where it sits, its name, code and description, and its links to every other scheme. */
export function ExploreCodeDetail({ scheme, record, ancestors, lookup, childrenOf, onSelect }: ExploreCodeDetailProps) {
  const linksQuery = useCodeLinksQuery(scheme, record.value);
  const groups = useMemo(() => groupLinksByScheme(scheme, linksQuery.data?.links ?? []), [scheme, linksQuery.data]);
  const below = useMemo(() => descendantLinks(childrenOf, lookup, record.value), [childrenOf, lookup, record.value]);
  const linkCount = linksQuery.data?.links.length ?? record.linkCount;

  return (
    <Stack gap="lg" data-testid="explore-code-detail" data-value={record.value}>
      <Stack gap={6}>
        {ancestors.length > 0 && (
          <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 2 }} aria-label="Where the code sits" data-testid="explore-breadcrumbs">
            {[...ancestors].reverse().map((ancestor) => (
              <Anchor key={ancestor.value} component="button" type="button" onClick={() => onSelect(ancestor.value)} size="xs" dir="auto" maw={240} truncate>
                {ancestor.name}
              </Anchor>
            ))}
          </Breadcrumbs>
        )}
        <Title order={2} size="h3" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="explore-code-name">
          {record.name}
        </Title>
        <Group gap="xs">
          <Badge variant="light" radius="sm" tt="none" ff="monospace" data-testid="explore-code-label">
            {record.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {schemeById(scheme).label} code
          </Text>
        </Group>
      </Stack>

      {record.description ? (
        // Long descriptions fold, so the links show without scrolling.
        <Spoiler maxHeight={104} showLabel="Show the whole description" hideLabel="Show less" maw={820} styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }} data-testid="explore-code-description">
            {record.description}
          </Text>
        </Spoiler>
      ) : (
        <Text size="sm" c="dimmed" fs="italic" data-testid="explore-code-description">
          No description.
        </Text>
      )}

      <Stack gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={3} size="h4">
            Links to other schemes
          </Title>
          {linksQuery.data && (
            <Text size="sm" c="dimmed" data-testid="explore-links-count">
              {linkCount === 0 ? 'none' : plural(linkCount, 'link', 'links')}
              {groups.length > 1 ? ` to ${groups.length} schemes` : ''}
            </Text>
          )}
        </Group>
        {linksQuery.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading links…
            </Text>
          </Group>
        ) : linksQuery.error ? (
          <LoadErrorAlert title="The links could not be loaded" message={linksQuery.error.message} onRetry={() => void linksQuery.refetch()} data-testid="explore-links-error" />
        ) : groups.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="explore-links-empty">
            No links to other schemes.
          </Text>
        ) : (
          <CodeLinkGroups groups={groups} codeName={record.name} />
        )}
        <DescendantLinksLine below={below} hasOwnLinks={groups.length > 0} />
      </Stack>
    </Stack>
  );
}

/** What the codes below this one are linked to, in numbers (a group's own links are often none: its unit groups carry them). */
function DescendantLinksLine({ below, hasOwnLinks }: { below: DescendantLinks; hasOwnLinks: boolean }) {
  if (below.descendants === 0) return null;
  let text: string;
  if (below.linkedDescendants === 0) text = `None of the ${plural(below.descendants, 'code', 'codes')} below this one is linked to another scheme.`;
  else
    text = `${countFormat.format(below.linkedDescendants)} of the ${plural(below.descendants, 'code', 'codes')} below this one ${
      below.linkedDescendants === 1 ? 'has' : 'have'
    } ${plural(below.links, 'link', 'links')} to other schemes${hasOwnLinks ? '' : '; open them in the tree to see them'}.`;
  return (
    <Text size="sm" c="dimmed" data-testid="explore-descendant-links">
      {text}
    </Text>
  );
}
