import { Flex, Group, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { defaultLinkRelation, inverseRelation, type LinkRelation } from '@og/shared/contracts/links';
import type { TreeNode } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { SchemeOption } from '../../../components/scheme-select';
import { useLinkMapsQuery } from '../api/get-link-maps';
import { useSuggestionsQuery } from '../api/get-suggestions';
import { useConfirmLink, useStaleLinksQuery } from '../api/stale-links';
import { schemePair } from '../api/link-keys';
import { useLinkEdits } from '../hooks/use-link-edits';
import { useLinkingAddress } from '../hooks/use-linking-address';
import { useLinkingShortcuts } from '../hooks/use-linking-shortcuts';
import { useLinkingView } from '../hooks/use-linking-view';
import { useLoadFailureNotice } from '../hooks/use-load-failure-notice';
import { useLiveLinkMaps } from '../hooks/use-live-link-maps';
import { useSideLinks } from '../hooks/use-side-links';
import { useSideTree, type SchemeTreeQuery } from '../hooks/use-side-tree';
import { linkButtonState } from '../link-button-state';
import type { CodeRef } from '../link-map-changes';
import { otherSide, sides, type Side } from '../linking-address';
import { shortcutAction, shortcutMessage, type ShortcutKey } from '../linking-shortcuts';
import { shortcutsDisabled } from '../linking-view';
import { notifyKeyPress } from './key-notification';
import { CrosswalkFiles } from './crosswalk-files';
import { LinkControls } from './link-controls';
import { LinkingTreePanel } from './linking-tree-panel';
import { NodeDetails } from './node-details';
import type { StaleLinkActions } from './stale-link-notice';
import { StaleLinksList } from './stale-links-list';
import { SuggestionMode } from './suggestion-mode';
import { SuggestionJob, SuggestionTools } from './suggestion-tools';

type LinkingMode = 'browse' | 'suggestions';
const modeOptions: { value: LinkingMode; label: string }[] = [
  { value: 'browse', label: 'Browse' },
  { value: 'suggestions', label: 'Suggestions' },
];

export interface LinkingWorkspaceProps<TQueryKey extends QueryKey> {
  schemes: readonly SchemeOption[];
  /** A scheme's tree query (the schemes feature owns scheme data). */
  treeQuery: (scheme: SchemeId) => SchemeTreeQuery<TQueryKey>;
  /** Administrators link; members look. */
  canEdit: boolean;
  /** Links of these schemes changed: what else counts links (the scheme data) is out of date. */
  onLinksChanged: (schemes: readonly SchemeId[]) => void;
}

/** The linking page (SPEC §2): two trees, the selected codes' details and the link button between them. */
export function LinkingWorkspace<TQueryKey extends QueryKey>({ schemes, treeQuery, canEdit, onLinksChanged }: LinkingWorkspaceProps<TQueryKey>) {
  const [address, changeAddress] = useLinkingAddress();
  const [view, dispatch] = useLinkingView(address);
  const { source: sourceScheme, target: targetScheme } = address.schemes;
  const pair = useMemo(() => schemePair(sourceScheme, targetScheme), [sourceScheme, targetScheme]);
  const mapsQuery = useLinkMapsQuery(pair);
  const maps = mapsQuery.data;
  const linksChanged = useCallback(() => onLinksChanged(pair), [onLinksChanged, pair]);
  useLiveLinkMaps(pair, linksChanged);
  const edits = useLinkEdits({ pair, onLinksChanged: linksChanged });
  const [relation, setRelation] = useState<LinkRelation>(defaultLinkRelation);
  useLoadFailureNotice(mapsQuery.error);
  const staleLinks = useStaleLinksQuery(pair).data;
  const confirmLink = useConfirmLink(pair);
  const suggestions = useSuggestionsQuery(pair).data;

  // The Suggestions mode (issue 31), and the suggestion job an admin started here.
  const [mode, setMode] = useState<LinkingMode>('browse');
  const suggesting = mode === 'suggestions';
  const [suggestJobId, setSuggestJobId] = useState<string | null>(null);

  const sourceTree = useSideTree(treeQuery(sourceScheme), sourceScheme, address.codes.source, view.subtrees.source);
  const targetTree = useSideTree(treeQuery(targetScheme), targetScheme, address.codes.target, view.subtrees.target);
  const trees = { source: sourceTree, target: targetTree };
  const sourceLinks = useSideLinks(maps, sourceTree.tree?.nestedData, sourceScheme, targetScheme);
  const targetLinks = useSideLinks(maps, targetTree.tree?.nestedData, targetScheme, sourceScheme);
  const links = { source: sourceLinks, target: targetLinks };
  const selectedNode = (side: Side): TreeNode | undefined => {
    const value = address.codes[side];
    return value === null ? undefined : trees[side].nodes.get(value);
  };
  const nodes = { source: selectedNode('source'), target: selectedNode('target') };
  const recordOf = (code: CodeRef) => (code.scheme === sourceScheme ? sourceTree : code.scheme === targetScheme ? targetTree : undefined)?.tree?.lookup[code.value];
  const nameOf = (code: CodeRef) => recordOf(code)?.name ?? code.value;
  const labelOf = (code: CodeRef) => recordOf(code)?.label ?? code.value;
  const staleActions: StaleLinkActions = {
    confirm: (a, b) => confirmLink.mutate({ sourceScheme: a.scheme, sourceNodeID: a.value, targetScheme: b.scheme, targetNodeID: b.value }),
    unlink: (a, b) => edits.unlink(a, b),
    confirming: confirmLink.isPending,
  };

  const button = linkButtonState({
    maps,
    source: { scheme: sourceScheme, node: nodes.source },
    target: { scheme: targetScheme, node: nodes.target },
    pending: edits.pending,
    canEdit,
  });
  const sourceRef = nodes.source && { scheme: sourceScheme, value: nodes.source.value };
  const targetRef = nodes.target && { scheme: targetScheme, value: nodes.target.value };

  function toggleLink() {
    if (button.disabledReason !== null || !sourceRef || !targetRef) return;
    // SPEC §4: the button flips at once (the edit is optimistic).
    if (button.linked) edits.unlink(sourceRef, targetRef);
    else edits.link(sourceRef, targetRef, relation);
  }

  function changeRelation(next: LinkRelation) {
    if (button.linked && sourceRef && targetRef) edits.link(sourceRef, targetRef, next);
    else setRelation(next);
  }

  function select(side: Side, value: string, from: 'tree' | 'search' | 'link') {
    if (from === 'tree') trees[side].markRevealed(value);
    if (value !== address.codes[side]) changeAddress({ codes: { [side]: value } });
    else {
      dispatch({ type: 'focus', side });
      // Chosen again from elsewhere: shown again in the tree.
      if (from !== 'tree') trees[side].reveal();
    }
    // A chosen search result hands the keyboard back to the shortcuts.
    if (from === 'search' && document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }

  function closeSubtree(side: Side) {
    dispatch({ type: 'closeSubtree', side });
    trees[side].restoreTree();
  }

  /** The trees follow the Suggestions mode: its code on the left, the highlighted candidate on the right. */
  const follow = useCallback((source: string, target: string | null) => changeAddress({ codes: { source, target } }), [changeAddress]);

  function changeMode(next: string) {
    if (next !== 'browse' && next !== 'suggestions') return;
    setMode(next);
    // The keys are the page's again, not the control's.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }

  function onShortcut(key: ShortcutKey) {
    const action = shortcutAction(key, {
      focused: view.focused,
      selected: { source: nodes.source?.name ?? null, target: nodes.target?.name ?? null },
      subtreeOpen: { source: view.subtrees.source !== null, target: view.subtrees.target !== null },
      terms: view.terms,
      linkButton: { enabled: button.disabledReason === null, linked: button.linked },
    });
    notifyKeyPress(key, shortcutMessage(action));
    switch (action.type) {
      case 'closeSubtree':
        return closeSubtree(action.side);
      case 'deselect':
        return changeAddress({ codes: { [action.side]: null } });
      case 'cleanUp':
        return trees[action.side].cleanUp();
      case 'switchFocus':
        return dispatch({ type: 'focus', side: action.side });
      case 'search':
        return dispatch({ type: 'search', side: action.side, term: action.term });
      case 'clearSearch':
        return dispatch({ type: 'search', side: action.side, term: '' });
      case 'toggleLink':
        return toggleLink();
      case 'nothing':
        return;
    }
  }
  useLinkingShortcuts(!shortcutsDisabled(view), onShortcut);

  const panel = (side: Side) => {
    const scheme = address.schemes[side];
    return (
      <LinkingTreePanel
        key={side}
        side={side}
        scheme={scheme}
        otherScheme={address.schemes[otherSide(side)]}
        schemes={schemes}
        onSchemeChange={(next) => {
          if (next !== scheme) changeAddress({ schemes: { [side]: next }, codes: { [side]: null } });
        }}
        sideTree={trees[side]}
        selected={address.codes[side]}
        onSelect={(value, from) => select(side, value, from)}
        isLinked={links[side].isLinked}
        progress={links[side].progress}
        progressLoading={!maps || !trees[side].tree}
        subtreeView={view.subtrees[side]}
        onCloseSubtree={() => closeSubtree(side)}
        search={view.terms[side]}
        onSearchChange={(term) => dispatch({ type: 'search', side, term })}
        onSearchFocus={(focused) => dispatch({ type: 'searchFocus', side, focused })}
        focused={view.focused === side}
        onFocus={() => dispatch({ type: 'focus', side })}
      />
    );
  };

  const details = (side: Side) => {
    const other = otherSide(side);
    return (
      <NodeDetails
        side={side}
        scheme={address.schemes[side]}
        otherScheme={address.schemes[other]}
        selected={address.codes[side]}
        node={nodes[side]}
        lookup={trees[side].tree?.lookup}
        otherLookup={trees[other].tree?.lookup}
        otherNode={nodes[other]}
        // The picker reads source to target; links made from the target side read the other way.
        relationFromOther={other === 'source' ? relation : inverseRelation(relation)}
        maps={maps}
        edits={edits}
        canEdit={canEdit}
        onSelectOther={(value) => select(other, value, 'link')}
        onOpenSubtree={(subtreeSide, ids, title) => dispatch({ type: 'openSubtree', side: subtreeSide, ids, title })}
        staleLinks={staleLinks}
        staleActions={staleActions}
        nameOf={nameOf}
        suggestions={suggestions}
      />
    );
  };

  return (
    <Stack gap="md" data-testid="linking-workspace">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <SegmentedControl data={modeOptions} value={mode} onChange={changeMode} aria-label="Linking mode" data-testid="linking-mode" />
          <StaleLinksList
          source={sourceScheme}
          target={targetScheme}
          flags={staleLinks?.stale ?? []}
          nameOf={nameOf}
          labelOf={labelOf}
          actions={staleActions}
          onShow={(from, to) => changeAddress({ codes: { source: from.value, target: to.value } })}
          canEdit={canEdit}
          pending={edits.pending || confirmLink.isPending}
          />
        </Group>
        <Group gap="xs">
          {canEdit && <SuggestionTools source={sourceScheme} target={targetScheme} jobShown={suggestJobId !== null} onStarted={setSuggestJobId} onLinksChanged={onLinksChanged} />}
          <CrosswalkFiles schemes={schemes} source={sourceScheme} target={targetScheme} canEdit={canEdit} onImported={onLinksChanged} />
        </Group>
      </Group>
      {suggestJobId !== null && (
        <SuggestionJob jobId={suggestJobId} source={sourceScheme} target={targetScheme} onSuggested={() => setMode('suggestions')} onClose={() => setSuggestJobId(null)} />
      )}
      {suggesting && (
        <SuggestionMode
          source={sourceScheme}
          target={targetScheme}
          sourceLookup={sourceTree.tree?.lookup}
          targetLookup={targetTree.tree?.lookup}
          maps={maps}
          edits={edits}
          relation={relation}
          canEdit={canEdit}
          keysEnabled={!shortcutsDisabled(view)}
          onFollow={follow}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {sides.map(panel)}
      </SimpleGrid>
      <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="stretch">
        {details('source')}
        <LinkControls state={button} relation={relation} onRelationChange={changeRelation} onToggle={toggleLink} canEdit={canEdit} pending={edits.pending} suggesting={suggesting} />
        {details('target')}
      </Flex>
    </Stack>
  );
}

