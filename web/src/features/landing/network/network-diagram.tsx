import { Group, Paper, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { SchemeId } from '@og/shared/domain/schemes';
import { animated, useSprings } from '@react-spring/web';
import { type CSSProperties, useId, useState } from 'react';
import { formatCount, linksText } from '../count-format';
import { edgeMidpoint, edgePath, edgeWidth, type NetworkEdge, tooltipSide } from './network-edges';
import { labelAnchor, networkCentre, networkHeight, type NetworkNode, networkWidth, ringRadii } from './network-nodes';
import classes from './scheme-network.module.css';

/** SPEC §9 and §4: each edge springs in (tension 140, friction 20) 50 ms after the previous one. */
export const edgeSpring = { tension: 140, friction: 20 } as const;
export const edgeStagger = 50;

interface NetworkDiagramProps {
  nodes: readonly NetworkNode[];
  edges: readonly NetworkEdge[];
  /** Number of codes per scheme; a scheme absent or at 0 has no data yet. */
  codeCounts: ReadonlyMap<SchemeId, number>;
}

const nodeColor = (node: NetworkNode) => ({ '--node-color': `var(--mantine-color-${node.color}-filled)` }) as CSSProperties;
const pairName = (edge: NetworkEdge) => `${edge.source.name} – ${edge.target.name}`;

/** The landing's network: the schemes on a ring, a line for every pair with links, as wide as their number. */
export function NetworkDiagram({ nodes, edges, codeCounts }: NetworkDiagramProps) {
  const idPrefix = useId();
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [active, setActive] = useState<NetworkEdge | null>(null);
  const [springs] = useSprings(
    edges.length,
    (index) => ({
      from: { drawn: reduceMotion ? 1 : 0 },
      to: { drawn: 1 },
      delay: reduceMotion ? 0 : index * edgeStagger,
      immediate: reduceMotion,
      config: edgeSpring,
    }),
    [edges, reduceMotion],
  );
  const hasData = (scheme: SchemeId) => (codeCounts.get(scheme) ?? 0) > 0;
  const anyWithoutData = nodes.some((node) => !hasData(node.scheme));
  const gradientId = (edge: NetworkEdge) => `${idPrefix}-gradient-${edge.id}`;
  const activeMid = active ? edgeMidpoint(active) : null;

  return (
    <div className={classes.frame}>
      <div className={classes.drawing}>
        <svg
          className={classes.diagram}
          viewBox={`0 0 ${networkWidth} ${networkHeight}`}
          role="group"
          aria-label="Network of the schemes and the links between them"
          data-testid="scheme-network"
          data-active={active !== null}
        >
          <defs>
            {edges.map((edge) => (
              <linearGradient
                key={edge.id}
                id={gradientId(edge)}
                gradientUnits="userSpaceOnUse"
                x1={edge.source.x}
                y1={edge.source.y}
                x2={edge.target.x}
                y2={edge.target.y}
              >
                <stop offset="0" style={{ stopColor: `var(--mantine-color-${edge.source.color}-filled)` }} />
                <stop offset="1" style={{ stopColor: `var(--mantine-color-${edge.target.color}-filled)` }} />
              </linearGradient>
            ))}
          </defs>
          <ellipse className={classes.ring} cx={networkCentre.x} cy={networkCentre.y} rx={ringRadii.x} ry={ringRadii.y} aria-hidden />

          {edges.map((edge, index) => {
            const width = edgeWidth(edge.count);
            const label = `${pairName(edge)}: ${linksText(edge.count)}`;
            const spring = springs[index]!;
            return (
              <g
                key={edge.id}
                className={classes.edge}
                tabIndex={0}
                role="img"
                aria-label={label}
                data-testid={`network-edge-${edge.id}`}
                data-count={edge.count}
                data-active={active?.id === edge.id}
                onMouseEnter={() => setActive(edge)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(edge)}
                onBlur={() => setActive(null)}
              >
                <title>{label}</title>
                <path className={classes.edgeHit} d={edgePath(edge)} strokeWidth={Math.max(14, width + 8)} />
                <animated.path
                  className={classes.edgeLine}
                  d={edgePath(edge)}
                  stroke={`url(#${gradientId(edge)})`}
                  strokeWidth={width}
                  pathLength={1}
                  strokeDasharray="1 1"
                  strokeDashoffset={spring.drawn.to((drawn) => Math.max(0, 1 - drawn))}
                />
              </g>
            );
          })}

          {nodes.map((node) => {
            const codes = codeCounts.get(node.scheme) ?? 0;
            const withData = codes > 0;
            const label = withData ? `${node.name}: ${formatCount(codes)} codes` : `${node.name}: no data yet`;
            const isEnd = active !== null && (active.source.scheme === node.scheme || active.target.scheme === node.scheme);
            return (
              <g
                key={node.scheme}
                className={classes.node}
                role="img"
                aria-label={label}
                data-testid={`network-node-${node.scheme}`}
                data-has-data={withData}
                data-active={isEnd}
                style={nodeColor(node)}
              >
                <title>{label}</title>
                <circle className={classes.dot} cx={node.x} cy={node.y} r={withData ? 9 : 8} />
                <text className={classes.label} x={node.x + node.dx} y={node.y + node.dy} textAnchor={labelAnchor(node)} dominantBaseline="middle" aria-hidden>
                  {node.name}
                </text>
              </g>
            );
          })}
        </svg>

        {active && activeMid && (
          <Paper
            className={classes.tooltip}
            style={{ left: `${(activeMid.x / networkWidth) * 100}%`, top: `${(activeMid.y / networkHeight) * 100}%` }}
            shadow="md"
            radius="md"
            px="sm"
            py={6}
            withBorder
            aria-hidden
            data-side={tooltipSide(active)}
            data-testid="network-edge-tooltip"
          >
            <Text size="sm" fw={700}>
              {pairName(active)}
            </Text>
            <Text size="sm">{linksText(active.count)}</Text>
          </Paper>
        )}
      </div>

      <NetworkLegend withoutData={anyWithoutData} />
    </div>
  );
}

function NetworkLegend({ withoutData }: { withoutData: boolean }) {
  return (
    <Group className={classes.legend} gap="lg" justify="center" mt="xs" data-testid="scheme-network-legend">
      <Group gap={6} wrap="nowrap">
        <svg className={classes.swatch} width="16" height="16" viewBox="0 0 16 16" aria-hidden>
          <circle cx="8" cy="8" r="6" fill="var(--mantine-color-teal-filled)" />
        </svg>
        <Text size="sm">Scheme with codes</Text>
      </Group>
      {withoutData && (
        <Group gap={6} wrap="nowrap" className={classes.node} data-has-data="false" data-testid="legend-no-data">
          <svg className={classes.swatch} width="16" height="16" viewBox="0 0 16 16" aria-hidden>
            <circle className={classes.dot} cx="8" cy="8" r="6" />
          </svg>
          <Text size="sm">No data yet</Text>
        </Group>
      )}
      <Group gap={6} wrap="nowrap">
        <svg className={classes.swatch} width="24" height="16" viewBox="0 0 24 16" aria-hidden>
          <line x1="2" y1="8" x2="22" y2="8" stroke="var(--mantine-color-teal-filled)" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <Text size="sm">Links between two schemes (hover a line for how many)</Text>
      </Group>
    </Group>
  );
}
