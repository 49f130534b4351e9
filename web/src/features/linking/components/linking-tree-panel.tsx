import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TreeNode } from '@og/shared/contracts/schemes';
import { unknownErrorMessage } from '@og/shared/errors/spec-messages';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import type { ReactNode } from 'react';
import { CodeSearch } from '../../../components/code-search';
import { CodeTree } from '../../../components/code-tree';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import type { SideTree } from '../hooks/use-side-tree';
import type { LinkProgress } from '../link-facts';
import type { Side } from '../linking-address';
import type { SubtreeView } from '../linking-view';
import { LinkProgressBar } from './link-progress-bar';
import { SubtreeBanner } from './subtree-banner';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/** On wide screens the trees share the window with the node details below them. */
const treeHeight = 'max(320px, calc(100dvh - 520px))';

export const sideTitles: Record<Side, string> = { source: 'Source', target: 'Target' };

export interface LinkingTreePanelProps {
  side: Side;
  scheme: SchemeId;
  otherScheme: SchemeId;
  schemes: readonly SchemeOption[];
  onSchemeChange: (scheme: SchemeId) => void;
  sideTree: SideTree;
  selected: string | null;
  /** A code clicked in the tree, or chosen in the search. */
  onSelect: (value: string, from: 'tree' | 'search') => void;
  isLinked: (node: TreeNode) => boolean;
  progress: LinkProgress;
  progressLoading: boolean;
  subtreeView: SubtreeView | null;
  onCloseSubtree: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  onSearchFocus: (focused: boolean) => void;
  focused: boolean;
  onFocus: () => void;
}

/** One side of the linking page: scheme, progress bar, search and tree (or the subtree view). */
export function LinkingTreePanel(props: LinkingTreePanelProps) {
  const { side, scheme, otherScheme, sideTree, focused, subtreeView } = props;
  const label = schemeById(scheme).label;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      onMouseDown={props.onFocus}
      style={{ borderColor: focused ? 'var(--mantine-color-teal-filled)' : undefined, minWidth: 0 }}
      data-testid={`linking-${side}`}
      data-focused={focused}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {sideTitles[side]}
          </Text>
          {focused && (
            <Badge size="xs" variant="light" color="teal" data-testid={`${side}-focused`}>
              Keyboard focus
            </Badge>
          )}
        </Group>
        <SchemeSelect schemes={props.schemes} value={scheme} exclude={otherScheme} onChange={props.onSchemeChange} data-testid={`${side}-scheme-select`} />
        <LinkProgressBar progress={props.progress} loading={props.progressLoading} testId={`${side}-progress`} />
        {sideTree.tree && (
          <CodeSearch
            lookup={sideTree.tree.lookup}
            search={props.search}
            onSearchChange={props.onSearchChange}
            onFocusChange={props.onSearchFocus}
            onChoose={(value) => props.onSelect(value, 'search')}
            placeholder={`Search ${label} by name or description`}
            data-testid={`${side}-search`}
          />
        )}
        {subtreeView && sideTree.subtree && <SubtreeBanner view={subtreeView} onClose={props.onCloseSubtree} testId={`${side}-subtree`} />}
        <TreeBody {...props} label={label} />
      </Stack>
    </Paper>
  );
}

function TreeBody({ side, sideTree, selected, onSelect, isLinked, label }: LinkingTreePanelProps & { label: string }) {
  let body: ReactNode;
  if (sideTree.status === 'pending') {
    body = (
      <Stack gap={8} p={4} aria-busy aria-label="Loading codes" data-testid={`${side}-tree-loading`}>
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} height={18} width={`${55 + ((index * 37) % 40)}%`} ml={(index % 3) * 18} />
        ))}
      </Stack>
    );
  } else if (sideTree.status === 'error') {
    body = (
      <LoadErrorAlert title="The codes could not be loaded" message={sideTree.error?.message || unknownErrorMessage} onRetry={sideTree.retry} data-testid={`${side}-tree-error`} />
    );
  } else if (sideTree.tree && Object.keys(sideTree.tree.lookup).length === 0) {
    body = (
      <Text size="sm" c="dimmed" p="md" data-testid={`${side}-tree-empty`}>
        {label} has no codes yet. An administrator can import them on the schemes page.
      </Text>
    );
  } else if (sideTree.tree) {
    const { subtree } = sideTree;
    body = (
      <CodeTree
        roots={subtree ? subtree.roots : sideTree.tree.nestedData}
        expansion={subtree ? subtree.expansion : sideTree.expansion}
        selected={selected}
        onSelect={(value) => onSelect(value, 'tree')}
        isLinked={isLinked}
        revealKey={sideTree.revealKey}
        label={`Codes of ${label}`}
        style={{ height: '100%' }}
        data-testid={`${side}-tree`}
      />
    );
  }
  return <div style={{ height: treeHeight }}>{body}</div>;
}
