import type { TreeNode } from '@og/shared/contracts/schemes';
import { IconChevronRight, IconFolder, IconFolderFilled, IconFolderOpen } from '@tabler/icons-react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { hasAnyLink, linkCoverage, visibleTreeRows, type TreeRow } from '../lib/code-tree-rows';
import type { TreeExpansion } from '../lib/use-tree-expansion';
import classes from './code-tree.module.css';

const rowHeight = 30;
const indentWidth = 18;
/** The drag payload type: a code's value. Only drags that carry it can be dropped on a row. */
const dragType = 'application/x-og-code';
/** Hovering a closed folder this long while dragging opens it. */
const hoverExpandDelay = 700;

export interface CodeTreeProps {
  roots: readonly TreeNode[];
  expansion: TreeExpansion;
  selected: string | null;
  /** A click, Enter or Space on a row. */
  onSelect: (value: string) => void;
  /** When given, rows can be dragged and dropped onto other rows. */
  onDropNode?: (dragged: string, target: string) => void;
  /** A double-click or Enter on a row (the review adds the code); without it a double-click opens or closes a folder and Enter selects. */
  onActivate?: (value: string) => void;
  /** When given, rows can be dragged out of the tree carrying this data (type → value), e.g. to the review's drop zone. */
  dragData?: (value: string) => Record<string, string>;
  /** A row to mark, e.g. the chosen target of a move. */
  markedValue?: string | null;
  /** Change it to scroll the selected row into view again (after a search, say). */
  revealKey?: number;
  /** Whether a leaf counts as linked (its dot filled); any link to another scheme unless given. Keep it stable (memoize it). */
  isLinked?: (node: TreeNode) => boolean;
  /** The tree's accessible name. */
  label: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A code tree that stays smooth for thousands of codes: only the rows in view are rendered.
 * Leaves show a filled dot when linked and an empty one when not; folders are highlighted
 * when every leaf below is linked (SPEC §2). Click selects, double-click opens or closes,
 * the arrow keys move through the rows, and rows can be dragged onto other rows.
 */
export function CodeTree({
  roots,
  expansion,
  selected,
  onSelect,
  onDropNode,
  onActivate,
  dragData,
  markedValue = null,
  revealKey = 0,
  isLinked = hasAnyLink,
  label,
  style,
  'data-testid': testId = 'tree',
}: CodeTreeProps) {
  const { expanded } = expansion;
  const rows = useMemo(() => visibleTreeRows(roots, expanded), [roots, expanded]);
  const coverage = useMemo(() => linkCoverage(roots, isLinked), [roots, isLinked]);
  const indexByValue = useMemo(() => new Map(rows.map((row, index) => [row.node.value, index])), [rows]);
  const idPrefix = useId();

  const scrollRef = useRef<HTMLDivElement>(null);
  // The React Compiler is not used in this app, so the virtualizer's unmemoizable API is fine.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    getItemKey: (index) => rows[index]?.node.value ?? index,
  });

  // Keyboard position: follows the selection until the arrow keys move it.
  const [active, setActive] = useState<string | null>(null);
  // A new selection (a search, the address, a click) takes the keyboard position with it.
  const [activeFor, setActiveFor] = useState(selected);
  if (activeFor !== selected) {
    setActiveFor(selected);
    setActive(null);
  }
  const activeValue = active !== null && indexByValue.has(active) ? active : selected;
  const activeIndex = activeValue === null ? -1 : (indexByValue.get(activeValue) ?? -1);

  useScrollToSelection(scrollRef, virtualizer, selected, selected === null ? -1 : (indexByValue.get(selected) ?? -1), revealKey);

  const drag = useRowDrag(expansion, onDropNode);

  function moveTo(index: number) {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setActive(row.node.value);
    virtualizer.scrollToIndex(indexByValue.get(row.node.value) ?? 0, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = activeIndex >= 0 ? rows[activeIndex] : undefined;
    const isFolder = (current?.node.children.length ?? 0) > 0;
    const isOpen = current ? expanded.has(current.node.value) : false;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex < 0 ? 0 : activeIndex - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (!current) moveTo(0);
        else if (isFolder && !isOpen) expansion.toggle(current.node.value);
        else if (isFolder) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (!current) break;
        if (isFolder && isOpen) expansion.toggle(current.node.value);
        else if (current.node.parent !== undefined && indexByValue.has(current.node.parent)) moveTo(indexByValue.get(current.node.parent)!);
        break;
      case 'Enter':
        if (current && onActivate) onActivate(current.node.value);
        else if (current) onSelect(current.node.value);
        break;
      case ' ':
        if (current) onSelect(current.node.value);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div
      ref={scrollRef}
      className={classes.viewport}
      style={style}
      role="tree"
      aria-label={label}
      aria-activedescendant={activeIndex >= 0 ? `${idPrefix}-${activeIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) drag.leaveTree();
      }}
      data-testid={testId}
    >
      {rows.length === 0 ? (
        <div className={classes.empty}>No codes to show.</div>
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <CodeTreeRow
                key={item.key}
                id={`${idPrefix}-${item.index}`}
                row={row}
                top={item.start}
                expanded={expanded.has(row.node.value)}
                selected={row.node.value === selected}
                active={item.index === activeIndex}
                covered={coverage.get(row.node.value) === true}
                marked={row.node.value === markedValue}
                dropTarget={drag.dropTarget === row.node.value}
                dragging={drag.dragging === row.node.value}
                draggable={onDropNode !== undefined || dragData !== undefined}
                onClick={() => {
                  setActive(row.node.value);
                  onSelect(row.node.value);
                }}
                onToggle={() => expansion.toggle(row.node.value)}
                onActivate={onActivate ? () => onActivate(row.node.value) : undefined}
                onDragStart={(event) => {
                  if (dragData) {
                    for (const [type, value] of Object.entries(dragData(row.node.value))) event.dataTransfer.setData(type, value);
                    event.dataTransfer.effectAllowed = 'copyMove';
                  }
                  drag.start(event, row.node.value);
                }}
                onDragOver={(event) => drag.over(event, row.node)}
                onDrop={(event) => drag.drop(event, row.node.value)}
                onDragEnd={drag.end}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

interface CodeTreeRowProps {
  id: string;
  row: TreeRow;
  top: number;
  expanded: boolean;
  selected: boolean;
  active: boolean;
  covered: boolean;
  marked: boolean;
  dropTarget: boolean;
  dragging: boolean;
  draggable: boolean;
  onClick: () => void;
  onToggle: () => void;
  onActivate: (() => void) | undefined;
  onDragStart: (event: DragEvent<HTMLDivElement>) => void;
  onDragOver: (event: DragEvent<HTMLDivElement>) => void;
  onDrop: (event: DragEvent<HTMLDivElement>) => void;
  onDragEnd: () => void;
}

function CodeTreeRow({ id, row, top, expanded, selected, active, covered, marked, dropTarget, dragging, draggable, onClick, onToggle, onActivate, ...drag }: CodeTreeRowProps) {
  const { node, depth } = row;
  const isLeaf = node.children.length === 0;
  // A leaf's coverage is whether the leaf itself is linked; a folder's, whether every leaf below is.
  const linked = covered;

  return (
    <div
      id={id}
      role="treeitem"
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={isLeaf ? undefined : expanded}
      className={classes.row}
      style={{ height: rowHeight, transform: `translateY(${top}px)`, paddingLeft: 4 + depth * indentWidth }}
      title={node.label === node.name ? node.name : `${node.name} (${node.label})`}
      draggable={draggable}
      onClick={onClick}
      onDoubleClick={onActivate ?? (isLeaf ? undefined : onToggle)}
      data-testid={`tree-node-${node.value}`}
      data-value={node.value}
      data-selected={selected}
      data-leaf={isLeaf}
      data-linked={linked}
      data-expanded={isLeaf ? undefined : expanded}
      data-active={active || undefined}
      data-move-target={marked || undefined}
      data-drop-target={dropTarget || undefined}
      data-dragging={dragging || undefined}
      {...drag}
    >
      {isLeaf ? (
        <span className={classes.spacer} />
      ) : (
        <span
          className={classes.toggle}
          role="button"
          aria-label={expanded ? `Collapse ${node.name}` : `Expand ${node.name}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
          onDoubleClick={(event) => event.stopPropagation()}
          data-testid="tree-node-toggle"
        >
          <IconChevronRight size={14} className={classes.chevron} data-expanded={expanded || undefined} />
        </span>
      )}
      {isLeaf ? (
        <span className={classes.dotBox} aria-hidden>
          <span className={classes.dot} data-linked={linked} />
        </span>
      ) : (
        <FolderIcon open={expanded} covered={covered} />
      )}
      <span className={classes.name} dir="auto">
        {node.name}
      </span>
      {node.label !== node.name && (
        <span className={classes.code} dir="auto">
          {node.label}
        </span>
      )}
    </div>
  );
}

function FolderIcon({ open, covered }: { open: boolean; covered: boolean }) {
  const props = { size: 17, className: classes.folder, 'data-covered': covered, 'aria-hidden': true } as const;
  if (open) return <IconFolderOpen {...props} />;
  return covered ? <IconFolderFilled {...props} /> : <IconFolder {...props} />;
}

/**
 * Brings the selected row into view when the selection (or the reveal key) changes and the
 * row exists; a row already in view is left where it is, so clicking does not make it jump.
 */
function useScrollToSelection(
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  selected: string | null,
  selectedIndex: number,
  revealKey: number,
) {
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${selected}\u0000${revealKey}`;
    if (selectedIndex < 0 || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const element = scrollRef.current;
    if (!element) return;
    const top = selectedIndex * rowHeight;
    const inView = top >= element.scrollTop && top + rowHeight <= element.scrollTop + element.clientHeight;
    if (!inView) virtualizer.scrollToIndex(selectedIndex, { align: 'center' });
  }, [scrollRef, virtualizer, selected, selectedIndex, revealKey]);
}

/** Native drag and drop between rows: which row is dragged, which one is under the pointer. */
function useRowDrag(expansion: TreeExpansion, onDropNode: ((dragged: string, target: string) => void) | undefined) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const hoverTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  function clear() {
    window.clearTimeout(hoverTimer.current);
    setDragging(null);
    setDropTarget(null);
  }

  return {
    dragging,
    dropTarget,
    start(event: DragEvent<HTMLDivElement>, value: string) {
      if (!onDropNode) return;
      event.dataTransfer.setData(dragType, value);
      event.dataTransfer.effectAllowed = 'move';
      setDragging(value);
    },
    over(event: DragEvent<HTMLDivElement>, node: TreeNode) {
      if (!onDropNode || !event.dataTransfer.types.includes(dragType)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropTarget === node.value) return;
      setDropTarget(node.value);
      window.clearTimeout(hoverTimer.current);
      if (node.children.length > 0 && !expansion.expanded.has(node.value)) {
        hoverTimer.current = window.setTimeout(() => expansion.expand([node.value]), hoverExpandDelay);
      }
    },
    drop(event: DragEvent<HTMLDivElement>, target: string) {
      if (!onDropNode) return;
      const dragged = event.dataTransfer.getData(dragType);
      event.preventDefault();
      clear();
      if (dragged) onDropNode(dragged, target);
    },
    end: clear,
    leaveTree() {
      window.clearTimeout(hoverTimer.current);
      setDropTarget(null);
    },
  };
}
