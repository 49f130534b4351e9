import { Text } from '@mantine/core';
import type { CurvePointAnswer } from '@og/shared/contracts/audits';
import { area, line, scaleLinear } from 'd3';
import { useState } from 'react';

const width = 640;
const height = 260;
const margin = { top: 12, right: 16, bottom: 40, left: 48 };

type Point = CurvePointAnswer & { estimate: number };

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What a point of the curve says: its threshold, the share coded there and the accuracy. */
export function curvePointWords(point: CurvePointAnswer, unit: string): string {
  const interval = point.low !== null && point.high !== null ? ` (${Math.round(point.low * 100)}–${percent(point.high)})` : '';
  return `At ${point.threshold.toFixed(2)}: ${percent(point.share)} of the ${unit} coded automatically, ${point.estimate === null ? 'nothing checked' : `≈ ${percent(point.estimate)} right${interval}, on ${point.checked} checked`}`;
}

/**
 * The production curve (issue 30): the share of the set (people or entries) coded automatically
 * against the estimated accuracy of the top prediction as the threshold moves, with the 95%
 * interval as a band. Each point shows its threshold on hover or keyboard focus.
 */
export function ProductionCurveChart({ curve, unit }: { curve: readonly CurvePointAnswer[]; unit: string }) {
  const [active, setActive] = useState<CurvePointAnswer | null>(null);
  const points = curve.filter((point): point is Point => point.estimate !== null).toSorted((a, b) => a.share - b.share || b.threshold - a.threshold);
  const x = scaleLinear().domain([0, 1]).range([margin.left, width - margin.right]);
  const lowest = Math.min(0.5, ...points.map((point) => point.low ?? point.estimate));
  const y = scaleLinear().domain([Math.floor(lowest * 10) / 10, 1]).range([height - margin.bottom, margin.top]);
  const band = area<Point>()
    .x((point) => x(point.share))
    .y0((point) => y(point.low ?? point.estimate))
    .y1((point) => y(point.high ?? point.estimate))(points);
  const path = line<Point>()
    .x((point) => x(point.share))
    .y((point) => y(point.estimate))(points);
  const shown = active ?? points.at(-1) ?? null;

  return (
    <div data-testid="production-curve">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`Production curve: share of the ${unit} coded automatically against estimated accuracy`} style={{ display: 'block', maxWidth: width, margin: '0 auto' }}>
        {x.ticks(5).map((tick) => (
          <g key={`x${tick}`}>
            <line x1={x(tick)} x2={x(tick)} y1={margin.top} y2={height - margin.bottom} stroke="var(--mantine-color-default-border)" />
            <text x={x(tick)} y={height - margin.bottom + 16} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
              {percent(tick)}
            </text>
          </g>
        ))}
        {y.ticks(5).map((tick) => (
          <g key={`y${tick}`}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} stroke="var(--mantine-color-default-border)" />
            <text x={margin.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
              {percent(tick)}
            </text>
          </g>
        ))}
        <text x={(margin.left + width - margin.right) / 2} y={height - 6} textAnchor="middle" fontSize={12} fill="var(--mantine-color-text)">
          {`Share of the ${unit} coded automatically`}
        </text>
        <text transform={`translate(12 ${(margin.top + height - margin.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill="var(--mantine-color-text)">
          Estimated accuracy
        </text>
        {band && <path d={band} fill="var(--mantine-color-blue-filled)" fillOpacity={0.18} data-testid="production-curve-band" />}
        {path && <path d={path} fill="none" stroke="var(--mantine-color-blue-filled)" strokeWidth={2} />}
        {points.map((point) => (
          <circle
            key={point.threshold}
            cx={x(point.share)}
            cy={y(point.estimate)}
            r={active === point ? 6 : 4}
            fill={active === point ? 'var(--mantine-color-orange-filled)' : 'var(--mantine-color-blue-filled)'}
            stroke="var(--mantine-color-body)"
            strokeWidth={1.5}
            tabIndex={0}
            role="img"
            aria-label={curvePointWords(point, unit)}
            data-testid="production-curve-point"
            data-threshold={point.threshold}
            onMouseEnter={() => setActive(point)}
            onMouseLeave={() => setActive(null)}
            onFocus={() => setActive(point)}
            onBlur={() => setActive(null)}
            style={{ cursor: 'pointer', outline: 'none' }}
          >
            <title>{curvePointWords(point, unit)}</title>
          </circle>
        ))}
      </svg>
      <Text size="xs" c={active ? undefined : 'dimmed'} mih={36} data-testid="production-curve-point-words">
        {points.length === 0 ? 'No sample checked yet: check one to draw the curve.' : shown ? curvePointWords(shown, unit) : ''}
      </Text>
    </div>
  );
}
