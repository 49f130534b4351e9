import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { SchemeTree, TreeNode } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { IconLink, IconLinkOff, IconTargetArrow } from '@tabler/icons-react';
import { useCallback, useRef } from 'react';
import { CodeSearch } from '../../../components/code-search';
import { CodeTree } from '../../../components/code-tree';
import { ancestorValues } from '../../../lib/code-tree-rows';
import { useSchemeTreeQuery } from '../../../lib/schemes/get-scheme-tree';
import { useRevealSelection } from '../../../lib/use-reveal-selection';
import { useTreeExpansion } from '../../../lib/use-tree-expansion';

interface TargetTreeDrawerProps {
  opened: boolean;
  onClose: () => void;
  targetScheme: SchemeId;
  schemeLabel: string;
  /** The code chosen in the diagram or here. */
  selected: string | null;
  onSelect: (value: string) => void;
  /** Codes the source code is linked to now (their dots are filled). */
  linked: ReadonlySet<string>;
  onAddLink: (tree: SchemeTree, value: string) => void;
  onRemoveLink: (value: string) => void;
  onMapOnlyHere: (tree: SchemeTree, value: string) => void;
}

/**
 * SPEC §2 "Conversion prototype page": the side drawer with the target scheme's tree. A code chosen
 * here can be linked ('Add another link to {scheme}'), unlinked, or made the only target ('Map only
 * here'); a double-click or Enter links or unlinks it. No overlay: the diagram stays in view.
 */
export function TargetTreeDrawer({ opened, onClose, schemeLabel, ...treeProps }: TargetTreeDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={420}
      title={`Add another link to ${schemeLabel}`}
      withOverlay={false}
      lockScroll={false}
      shadow="xl"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)', height: 'calc(100% - 60px)' } }}
      data-testid="target-tree-drawer"
    >
      {/* Mounted on each opening, so the tree opens at the codes linked by then. */}
      {opened && <TargetTree schemeLabel={schemeLabel} {...treeProps} />}
    </Drawer>
  );
}

function TargetTree({
  targetScheme,
  schemeLabel,
  selected,
  onSelect,
  linked,
  onAddLink,
  onRemoveLink,
  onMapOnlyHere,
}: Omit<TargetTreeDrawerProps, 'opened' | 'onClose'>) {
  const tree = useSchemeTreeQuery(targetScheme);
  if (tree.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label={`Loading the ${schemeLabel} tree`} />
      </Group>
    );
  }
  if (tree.isError) {
    return (
      <Alert color="red" title="Error">
        {tree.error.message || 'An error occurred'}
      </Alert>
    );
  }
  return (
    <LoadedTargetTree
      tree={tree.data}
      schemeLabel={schemeLabel}
      selected={selected}
      onSelect={onSelect}
      linked={linked}
      onAddLink={onAddLink}
      onRemoveLink={onRemoveLink}
      onMapOnlyHere={onMapOnlyHere}
    />
  );
}

function LoadedTargetTree({
  tree,
  schemeLabel,
  selected,
  onSelect,
  linked,
  onAddLink,
  onRemoveLink,
  onMapOnlyHere,
}: Omit<TargetTreeDrawerProps, 'opened' | 'onClose' | 'targetScheme'> & { tree: SchemeTree }) {
  const { lookup } = tree;
  // The path to every linked code is open at first: the links are in view.
  const expansion = useTreeExpansion(() => [...linked].flatMap((value) => ancestorValues(lookup, value)));
  const markRevealed = useRevealSelection(selected, lookup, expansion.expand);
  const isLinked = useCallback((node: TreeNode) => linked.has(node.value), [linked]);
  const treeArea = useRef<HTMLDivElement>(null);
  const chosen = selected ? (lookup[selected] ?? null) : null;
  const chosenLinked = chosen ? linked.has(chosen.value) : false;

  const toggle = (value: string) => {
    if (linked.has(value)) onRemoveLink(value);
    else onAddLink(tree, value);
  };

  return (
    <>
      <CodeSearch
        lookup={lookup}
        onChoose={(value) => {
          onSelect(value);
          window.setTimeout(() => treeArea.current?.querySelector<HTMLElement>('[role="tree"]')?.focus(), 0);
        }}
        placeholder={`Search ${schemeLabel} by name or description`}
        data-testid="drawer-tree-search"
      />
      <div ref={treeArea} style={{ flex: 1, minHeight: 0 }}>
        <CodeTree
          roots={tree.nestedData}
          expansion={expansion}
          selected={selected}
          onSelect={(value) => {
            markRevealed(value);
            onSelect(value);
          }}
          onActivate={toggle}
          isLinked={isLinked}
          label={`Codes of ${schemeLabel}`}
          style={{ height: '100%', minHeight: 240 }}
          data-testid="drawer-tree"
        />
      </div>
      <Paper withBorder radius="md" p="sm" data-testid="drawer-selection">
        {chosen ? (
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} lineClamp={2}>
                {chosen.name}
              </Text>
              {chosenLinked && (
                <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
                  Linked
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" ff="monospace">
              {schemeLabel} {chosen.label}
            </Text>
            <Group gap="xs">
              {chosenLinked ? (
                <Button size="xs" variant="light" color="red" leftSection={<IconLinkOff size={14} />} onClick={() => onRemoveLink(chosen.value)} data-testid="drawer-remove-link">
                  Remove link
                </Button>
              ) : (
                <Button size="xs" leftSection={<IconLink size={14} />} onClick={() => onAddLink(tree, chosen.value)} data-testid="drawer-add-link">
                  Add link
                </Button>
              )}
              <Button size="xs" variant="light" leftSection={<IconTargetArrow size={14} />} onClick={() => onMapOnlyHere(tree, chosen.value)} data-testid="drawer-map-only-here">
                Map only here
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a code of {schemeLabel} to link it. A double-click or Enter links or unlinks it.
          </Text>
        )}
      </Paper>
    </>
  );
}
