import { useReducedMotion } from '@mantine/hooks';
import { useSprings } from '@react-spring/web';

/** How the diagrams' cards and curves move in. */
export const growSpring = { tension: 120, friction: 22 } as const;
/** Each level of a tree starts this long after the one above it. */
export const levelDelay = 320;

/**
 * One spring per drawn piece, `grown` going from 0 to 1 after the piece's delay (ms). A visitor
 * who asks for reduced motion gets the final drawing at once: every spring starts at 1.
 */
export function useGrowIn(delays: readonly number[]) {
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [springs] = useSprings(
    delays.length,
    (index) => ({
      from: { grown: reduceMotion ? 1 : 0 },
      to: { grown: 1 },
      delay: reduceMotion ? 0 : delays[index],
      immediate: reduceMotion,
      config: growSpring,
    }),
    [delays, reduceMotion],
  );
  return springs;
}
