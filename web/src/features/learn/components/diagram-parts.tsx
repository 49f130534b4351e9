import { animated, type SpringValue } from '@react-spring/web';
import type { CSSProperties } from 'react';
import { cardPadding, lineHeight, shownCode } from '../diagram/card-text';
import type { PlacedCard } from '../diagram/tree-layout';
import classes from './learn-diagram.module.css';

/** A scheme's colour in a diagram (a Mantine colour name): its lines, card fill and code text. */
export function schemeTone(color: string): CSSProperties {
  return {
    '--tone': `var(--mantine-color-${color}-filled)`,
    '--tone-light': `var(--mantine-color-${color}-light)`,
    // Darker than Mantine's light-color, for 12 px bold text on the tinted card (WCAG AA).
    '--tone-text': `light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-3))`,
  } as CSSProperties;
}

/** From the baseline of a card's first line to the card's top edge, for the 12 px text. */
const firstBaseline = cardPadding.y + 11;

/** A code's full text, as its card's tooltip and in the text lists. */
export function cardTitle(card: { code: string; name: string }): string {
  return card.code === '' ? card.name : `${card.code} ${card.name}`;
}

interface DiagramCardProps {
  card: PlacedCard;
  /** 0 while the card sits on its parent, invisible; 1 in its place. */
  grown: SpringValue<number>;
  example?: boolean;
}

/** One code's card, moving out from its parent's place as it grows in. */
export function DiagramCard({ card, grown, example = false }: DiagramCardProps) {
  const code = shownCode(card.code);
  const transform = grown.to((g) => `translate(${card.from.x + (card.x - card.from.x) * g} ${card.from.y + (card.y - card.from.y) * g})`);
  const top = -card.height / 2;
  return (
    <animated.g transform={transform} opacity={grown} data-testid={`diagram-card-${card.id}`} data-code={card.code} data-example={example}>
      <title>{cardTitle(card)}</title>
      <rect className={classes.cardBase} y={top} width={card.width} height={card.height} rx={6} />
      <rect className={classes.card} y={top} width={card.width} height={card.height} rx={6} />
      <text className={classes.cardText} y={top + firstBaseline}>
        {card.lines.map((line, index) => (
          <tspan key={index} x={cardPadding.x} dy={index === 0 ? 0 : lineHeight}>
            {index === 0 && code !== '' && <tspan className={classes.code}>{code}</tspan>}
            {index === 0 && code !== '' && line !== '' ? ` ${line}` : line}
          </tspan>
        ))}
      </text>
    </animated.g>
  );
}

interface DrawnCurveProps {
  path: string;
  /** 0: not drawn yet; 1: drawn from its start to its end. */
  grown: SpringValue<number>;
  className: string | undefined;
  testId: string;
  example?: boolean;
}

/** A curve drawn from its start to its end as it grows in. */
export function DrawnCurve({ path, grown, className, testId, example }: DrawnCurveProps) {
  return (
    <animated.path
      className={className}
      d={path}
      pathLength={1}
      strokeDasharray="1 1"
      strokeDashoffset={grown.to((g) => Math.max(0, 1 - g))}
      data-testid={testId}
      data-example={example}
    />
  );
}
