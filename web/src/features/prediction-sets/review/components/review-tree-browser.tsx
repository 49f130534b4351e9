import { Alert, Group, Loader, Stack } from '@mantine/core';
import type { ReviewTreeNode } from '@og/shared/contracts/predictions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { type CSSProperties, memo, type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CodeSearch } from '../../../../components/code-search';
import { CodeTree } from '../../../../components/code-tree';
import { SchemeSelect, type SchemeOption } from '../../../../components/scheme-select';
import { groupValuesOf, rankCodeResults, treeSearchTermOf } from '../../../../lib/code-search-rank';
import { useSchemeTreeQuery } from '../../../../lib/schemes/get-scheme-tree';
import { useRevealSelection } from '../../../../lib/use-reveal-selection';
import { useTreeExpansion } from '../../../../lib/use-tree-expansion';
import { useEntryOnScreen } from '../hooks/use-entry-on-screen';
import { reviewNodeDragType } from './drop-zone';

// Drawn again only when their own props change: a term typed in the search leaves the tree as it is.
const StableCodeTree = memo(CodeTree);
const StableCodeSearch = memo(CodeSearch);
const treeStyle: CSSProperties = { height: 'max(360px, calc(100dvh - 420px))' };

/** A code of the tree as SPEC §3 "Tree node (review)". */
export function reviewNodeOf(scheme: string, record: CodeRecord): ReviewTreeNode {
  return { description: record.description ?? null, code: record.label, codeValue: record.value, name: record.name, scheme };
}

interface ReviewTreeBrowserProps {
  schemes: readonly SchemeOption[];
  scheme: SchemeId;
  onSchemeChange: (scheme: SchemeId) => void;
  /** The active node (SPEC §4), selected and revealed in the tree. */
  selected: string | null;
  onSelect: (value: string | null) => void;
  /** A double-click, Enter or drop: the node goes into (or out of) the draft. */
  onToggleNode: (node: ReviewTreeNode) => void;
  /** Where `t` puts the focus. */
  searchRef: RefObject<HTMLDivElement | null>;
  /** The URIs chosen for the entry, marked in the tree. */
  chosenURIs: readonly string[];
}

/**
 * SPEC §2 review, right: the occupation tree with its scheme selector and fuzzy search (SPEC §9:
 * name weight 2, description 1, threshold 0.3, 20 unique names, 100 options, descriptions cut at
 * 70). A click selects a code; a double-click or Enter adds it; rows can be dragged to the drop zone.
 * The search ranks exact codes and names first and occupations before their groups, and follows
 * the entry: emptied for the next one, or, for an entry without predictions, filled with its
 * title's words and focused, so Enter takes the best match (issue 29).
 */
export const ReviewTreeBrowser = memo(function ReviewTreeBrowser({
  schemes,
  scheme,
  onSchemeChange,
  selected,
  onSelect,
  onToggleNode,
  searchRef,
  chosenURIs,
}: ReviewTreeBrowserProps) {
  const tree = useSchemeTreeQuery(scheme);
  const expansion = useTreeExpansion(undefined, scheme);
  const lookup = tree.data?.lookup;
  const markRevealed = useRevealSelection(selected, lookup, expansion.expand);
  const chosen = useMemo(() => new Set(chosenURIs), [chosenURIs]);
  const isChosen = useCallback((node: { value: string }) => chosen.has(`${scheme}:${node.value}`), [chosen, scheme]);
  const groups = useMemo(() => groupValuesOf(Object.values(lookup ?? {})), [lookup]);
  const rank = useCallback((results: CodeRecord[], term: string) => rankCodeResults(results, term, groups), [groups]);

  // A code picked in the search, until the tree takes the focus (the next Enter adds it).
  const picked = useRef<string | null>(null);
  const focusTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(focusTimer.current), []);

  // The search follows the entry on screen: empty for each new one, its title's words when it has no predictions.
  // FollowEntry reads the entry and hands its term over, so a new entry draws this panel again only when the search changes.
  const [search, setSearch] = useState('');
  const [termToFocus, setTermToFocus] = useState<string | null>(null);
  const followEntry = useCallback((string: string, term: string) => {
    setSearch(term);
    setTermToFocus(term ? `${string}\n${term}` : null);
  }, []);
  useEffect(() => {
    if (termToFocus === null || !lookup) return;
    // Only when no field or dialog holds the focus: the reviewer's typing elsewhere is left alone.
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('[data-review-tree]')) return;
    const input = searchRef.current?.querySelector('input');
    input?.focus();
    input?.select();
  }, [termToFocus, lookup, searchRef]);

  const toggle = useCallback(
    (value: string) => {
      const record = lookup?.[value];
      if (!record) return;
      onToggleNode(reviewNodeOf(scheme, record));
      // The tree gives the focus back, so the next Enter saves instead of toggling the code again.
      if (document.activeElement instanceof HTMLElement && document.activeElement.closest('[role="tree"]')) document.activeElement.blur();
    },
    [lookup, scheme, onToggleNode],
  );
  const changeSearch = useCallback((value: string) => {
    picked.current = null;
    setSearch(value);
  }, []);
  const choose = useCallback(
    (value: string) => {
      onSelect(value);
      picked.current = value;
      // The tree takes the focus, so Enter adds the code found and the arrows move from it (keyboard-only review).
      window.clearTimeout(focusTimer.current);
      focusTimer.current = window.setTimeout(() => {
        picked.current = null;
        searchRef.current?.closest('[data-review-tree]')?.querySelector<HTMLElement>('[role="tree"]')?.focus();
      }, 0);
    },
    [onSelect, searchRef],
  );
  const selectInTree = useCallback(
    (value: string) => {
      markRevealed(value);
      onSelect(value);
    },
    [markRevealed, onSelect],
  );
  const dragData = useCallback(
    (value: string): Record<string, string> => {
      const record = lookup?.[value];
      return record ? { [reviewNodeDragType]: JSON.stringify(reviewNodeOf(scheme, record)), 'text/plain': `${scheme}:${value}` } : {};
    },
    [lookup, scheme],
  );

  return (
    <Stack gap="xs" h="100%">
      <FollowEntry onTerm={followEntry} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <div style={{ width: 200, flexShrink: 0 }}>
          <SchemeSelect schemes={schemes} value={scheme} onChange={onSchemeChange} label="Occupation tree" data-testid="review-tree-scheme" />
        </div>
        <div
          ref={searchRef}
          style={{ flex: 1 }}
          onKeyDownCapture={(event) => {
            // The Enter after a pick adds the code picked, even when it comes before the tree has the focus.
            const value = picked.current;
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || value === null) return;
            event.preventDefault();
            event.stopPropagation();
            window.clearTimeout(focusTimer.current);
            picked.current = null;
            toggle(value);
            if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          }}
        >
          {lookup && (
            <StableCodeSearch
              lookup={lookup}
              search={search}
              onSearchChange={changeSearch}
              rank={rank}
              onChoose={choose}
              placeholder="Search the tree by name or description"
              data-testid="review-tree-search"
            />
          )}
        </div>
      </Group>
      {tree.isPending ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : tree.isError ? (
        <Alert color="red" title="Error">
          {tree.error.message || 'An error occurred'}
        </Alert>
      ) : (
        <StableCodeTree
          roots={tree.data.nestedData}
          expansion={expansion}
          selected={selected}
          onSelect={selectInTree}
          onActivate={toggle}
          dragData={dragData}
          isLinked={isChosen}
          label={`Codes of ${schemes.find((option) => option.id === scheme)?.label ?? scheme}`}
          style={treeStyle}
          data-testid="review-tree"
        />
      )}
    </Stack>
  );
});

/**
 * The tree search's term for the entry on screen (empty, or its title's words when it has no
 * predictions), handed over when the entry changes, before the entry is painted. It follows the
 * address on its own, so the browser around it is not drawn again for each entry.
 */
function FollowEntry({ onTerm }: { onTerm: (string: string, term: string) => void }) {
  const entry = useEntryOnScreen();
  const string = entry?.string ?? null;
  const term = entry ? (entry.predictions.length === 0 ? treeSearchTermOf(entry.string) : '') : null;
  useLayoutEffect(() => {
    if (string !== null && term !== null) onTerm(string, term);
  }, [string, term, onTerm]);
  return null;
}
