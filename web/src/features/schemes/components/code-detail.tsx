import { Anchor, Badge, Breadcrumbs, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { IconArrowMoveRight, IconLink, IconPencil, IconPlus, IconTrash, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCodeLinksQuery } from '../../../lib/schemes/get-code-links';
import { codePagePath } from '../scheme-paths';
import { CodeLinksPanel } from './code-links-panel';
import { CreateChildForm } from './create-child-form';
import { DeleteCodePanel } from './delete-code-panel';
import { EditCodeForm } from './edit-code-form';
import { MoveCodePanel } from './move-code-panel';

export const detailTabs = ['edit', 'create', 'move', 'delete', 'links'] as const;
export type DetailTab = (typeof detailTabs)[number];

function isDetailTab(value: string | null): value is DetailTab {
  return (detailTabs as readonly (string | null)[]).includes(value);
}

/** The tabs that act on the code, in order; the links tab follows with its count. */
const actionTabs: { value: DetailTab; label: string; icon: Icon }[] = [
  { value: 'edit', label: 'Edit node', icon: IconPencil },
  { value: 'create', label: 'Create child', icon: IconPlus },
  { value: 'move', label: 'Move node', icon: IconArrowMoveRight },
  { value: 'delete', label: 'Delete node', icon: IconTrash },
];

interface CodeDetailProps {
  scheme: string;
  record: CodeRecord;
  /** Parent first … root last. */
  ancestors: CodeRecord[];
  childCount: number;
  canEdit: boolean;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  moveTarget: CodeRecord | null;
  movePending: boolean;
  onCancelMove: () => void;
  onConfirmMove: () => void;
  deletePending: boolean;
  onDelete: () => void;
  onChildSubmitted: () => void;
}

/** The code detail screen (SPEC §2): where the code sits, and the tabs to edit, create, move, delete and see links. */
export function CodeDetail({
  scheme,
  record,
  ancestors,
  childCount,
  canEdit,
  tab,
  onTabChange,
  moveTarget,
  movePending,
  onCancelMove,
  onConfirmMove,
  deletePending,
  onDelete,
  onChildSubmitted,
}: CodeDetailProps) {
  const linksQuery = useCodeLinksQuery(scheme, record.value);
  const linkCount = linksQuery.data?.links.length ?? record.linkCount;

  return (
    <Stack gap="md" data-testid="code-detail" data-value={record.value}>
      <Stack gap={6}>
        {ancestors.length > 0 && (
          <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 2 }} data-testid="code-breadcrumbs">
            {[...ancestors].reverse().map((ancestor) => (
              <Anchor key={ancestor.value} component={Link} to={codePagePath(scheme, ancestor.value)} size="xs" dir="auto" maw={220} truncate>
                {ancestor.name}
              </Anchor>
            ))}
          </Breadcrumbs>
        )}
        <Title order={2} size="h3" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="code-title">
          {record.name}
        </Title>
        <Group gap="xs">
          <Badge variant="light" radius="sm" tt="none" ff="monospace" data-testid="code-label">
            {record.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {childCount === 0 ? 'No children' : `${childCount} ${childCount === 1 ? 'child' : 'children'}`} ·{' '}
            {linkCount === 0 ? 'not linked' : `${linkCount} ${linkCount === 1 ? 'link' : 'links'}`}
          </Text>
        </Group>
      </Stack>

      <Tabs value={tab} onChange={(value) => isDetailTab(value) && onTabChange(value)} styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}>
        <Tabs.List>
          {actionTabs.map(({ value, label, icon: TabIcon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} />} data-testid={`tab-${value}`}>
              {label}
            </Tabs.Tab>
          ))}
          <Tabs.Tab
            value="links"
            leftSection={<IconLink size={16} />}
            rightSection={
              <Badge size="sm" variant={linkCount > 0 ? 'filled' : 'light'} color={linkCount > 0 ? 'teal' : 'gray'} circle={linkCount < 10} data-testid="links-count">
                {linkCount}
              </Badge>
            }
            data-testid="tab-links"
          >
            Links
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="edit" pt="md">
          <EditCodeForm key={`${record.value}\u0000${record.version}`} scheme={scheme} record={record} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="create" pt="md">
          <CreateChildForm key={record.value} scheme={scheme} parent={record} canEdit={canEdit} onSubmitted={onChildSubmitted} />
        </Tabs.Panel>
        <Tabs.Panel value="move" pt="md">
          <MoveCodePanel node={record} target={moveTarget} canEdit={canEdit} pending={movePending} onCancel={onCancelMove} onConfirm={onConfirmMove} />
        </Tabs.Panel>
        <Tabs.Panel value="delete" pt="md">
          <DeleteCodePanel
            key={record.value}
            record={record}
            childCount={childCount}
            linkCount={linkCount}
            canEdit={canEdit}
            pending={deletePending}
            onDelete={onDelete}
          />
        </Tabs.Panel>
        <Tabs.Panel value="links" pt="md">
          <CodeLinksPanel key={record.value} links={linksQuery.data?.links} isPending={linksQuery.isPending} error={linksQuery.error} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
