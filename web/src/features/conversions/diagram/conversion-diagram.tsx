import type { ConversionDiagramNode } from '@og/shared/contracts/conversions';
import { Tooltip } from '@mantine/core';
import { useMemo, type KeyboardEvent } from 'react';
import classes from './conversion-diagram.module.css';
import { diagramCanvas, diagramMargin, labelFont, layoutConversionDiagram, nodeBox, type PlacedNode } from './diagram-layout';
import { problemTooltip } from './diagram-problems';
import { diagramShareText } from './diagram-shares';

export interface ConversionDiagramProps {
  tree: ConversionDiagramNode;
  /** The canvas (SPEC §9: 1100×600); a larger tree makes it taller or wider, and the SVG scales to its container. */
  width?: number;
  height?: number;
  /** The value of the node to mark as chosen. */
  selected?: string | null;
  /** A click, Enter or Space on a node (the origin's value is 'X'). */
  onSelectNode?: (value: string) => void;
}

const lineHeight = labelFont.size * labelFont.lineHeight;
const halfWidth = nodeBox.width / 2;
const halfHeight = nodeBox.height / 2;

/**
 * The conversion diagram (SPEC §2, §3): the origin 'X' (the source code) on the left, the target
 * scheme's tree to its right, the nodes the source code is linked to highlighted with an edge from
 * the origin. d3 places the nodes; React draws them, so the diagram is plain, testable markup.
 */
export function ConversionDiagram({ tree, width = diagramCanvas.width, height = diagramCanvas.height, selected = null, onSelectNode }: ConversionDiagramProps) {
  const layout = useMemo(() => layoutConversionDiagram(tree, { width, height }), [tree, width, height]);
  return (
    <svg
      data-testid="conversion-diagram"
      className={classes.diagram}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      style={{ maxWidth: layout.width }}
      role="group"
      aria-label="Conversion diagram"
    >
      <g>
        {layout.edges.map((edge) => (
          <path
            key={`${edge.kind}:${edge.from.node.value}:${edge.to.node.value}`}
            className={classes.edge}
            d={edge.path}
            data-kind={edge.kind}
            data-special={edge.kind === 'link' && edge.to.node.isSpecialParent}
          />
        ))}
      </g>
      <g>
        {layout.nodes.map((placed) => (
          <DiagramNode key={placed.node.value} placed={placed} selected={placed.node.value === selected} onSelect={onSelectNode} />
        ))}
      </g>
      <DiagramLegend top={layout.legendTop} />
    </svg>
  );
}

function DiagramNode({ placed, selected, onSelect }: { placed: PlacedNode; selected: boolean; onSelect: ((value: string) => void) | undefined }) {
  const { node, x, y, caption, lines, truncated } = placed;
  const isOrigin = node.type === 'origin';
  const choose = () => onSelect?.(node.value);
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose();
  };
  const group = (
    <g
      data-testid={isOrigin ? 'diagram-origin' : `diagram-node-${node.value}`}
      className={classes.node}
      transform={`translate(${x},${y})`}
      data-link={node.isLink}
      data-problem={node.problem}
      data-special={node.isSpecialParent}
      data-origin={isOrigin}
      data-selected={selected}
      data-selectable={Boolean(onSelect)}
      tabIndex={0}
      role="button"
      aria-label={accessibleName(node, caption)}
      aria-pressed={selected}
      onClick={choose}
      onKeyDown={onKeyDown}
    >
      <rect className={classes.halo} x={-halfWidth - 4} y={-halfHeight - 4} width={nodeBox.width + 8} height={nodeBox.height + 8} rx={isOrigin ? halfHeight + 4 : 9} />
      <text className={classes.code} y={-halfHeight - 5} textAnchor="middle">
        {caption}
        {node.share !== undefined && (
          <tspan className={classes.share} data-testid={`diagram-share-${node.value}`}>
            {` · ${diagramShareText(node.share)}`}
          </tspan>
        )}
      </text>
      <rect className={classes.base} x={-halfWidth} y={-halfHeight} width={nodeBox.width} height={nodeBox.height} rx={isOrigin ? halfHeight : 6} />
      <rect className={classes.box} x={-halfWidth} y={-halfHeight} width={nodeBox.width} height={nodeBox.height} rx={isOrigin ? halfHeight : 6} />
      <text className={classes.name} fontSize={labelFont.size} textAnchor="middle">
        {truncated && <title>{node.name}</title>}
        {lines.map((line, index) => (
          <tspan key={index} x={0} y={(index - (lines.length - 1) / 2) * lineHeight} dominantBaseline="central">
            {/* A space before each line: read as text, the lines are words apart (the accessible name starts with them). */}
            {` ${line}`}
          </tspan>
        ))}
      </text>
      {node.problem && (
        <g className={classes.warning} transform={`translate(${halfWidth - 2},${-halfHeight + 2})`} data-testid="diagram-problem-mark">
          <title>{problemTooltip}</title>
          <circle r={8} />
          <text textAnchor="middle" dominantBaseline="central">
            !
          </text>
        </g>
      )}
    </g>
  );
  if (!node.problem) return group;
  return (
    <Tooltip label={problemTooltip} withArrow events={{ hover: true, focus: true, touch: true }}>
      {group}
    </Tooltip>
  );
}

/**
 * What a screen reader says for a node: its code and name as drawn (a cut caption or name is
 * still a prefix of what is said), then what the colours and borders say.
 */
function accessibleName(node: ConversionDiagramNode, caption: string): string {
  const parts = [`${caption.replace(/…$/, '')} ${node.name}`];
  if (node.type === 'origin') parts.push('the source code');
  if (node.isLink) parts.push('linked');
  if (node.share !== undefined) parts.push(`${diagramShareText(node.share)} of the source code's rows`);
  if (node.isSpecialParent) parts.push('reached through a parent or another scheme');
  const name = parts.join(', ');
  return node.problem ? `${name}. ${problemTooltip}` : name;
}

const swatch = { width: 26, height: 16 };
/** Room per legend character at 12px: the legend is laid out once, not measured. */
const legendCharWidth = 6.2;
const legendGap = 28;

const legendItems = (
  [
    { key: 'origin', text: 'X: the source code', attributes: { 'data-origin': true } },
    { key: 'link', text: 'Linked', attributes: { 'data-link': true } },
    { key: 'special', text: "Through a parent's links or another scheme", attributes: { 'data-special': true } },
    { key: 'problem', text: 'More than one target at the target depth', attributes: { 'data-problem': true } },
  ] as const
).map((item, index, items) => ({
  ...item,
  left: diagramMargin.left + items.slice(0, index).reduce((sum, before) => sum + swatch.width + 8 + before.text.length * legendCharWidth + legendGap, 0),
}));

/** What the box styles mean, in the bottom margin (SPEC §9 leaves 70px there). */
function DiagramLegend({ top }: { top: number }) {
  return (
    <g className={classes.legend} data-testid="diagram-legend" aria-hidden="true" transform={`translate(0,${top})`}>
      {legendItems.map((item) => (
        <g key={item.key} className={classes.node} transform={`translate(${item.left},0)`} {...item.attributes}>
          <rect className={classes.box} width={swatch.width} height={swatch.height} rx={item.key === 'origin' ? swatch.height / 2 : 3} />
          <text x={swatch.width + 8} y={swatch.height / 2} dominantBaseline="central">
            {item.text}
          </text>
        </g>
      ))}
    </g>
  );
}
