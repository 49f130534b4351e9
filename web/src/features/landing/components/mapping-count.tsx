import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { animated, easings, useSpring } from '@react-spring/web';
import { useLinkCountQuery } from '../api/get-link-count';
import { formatCount } from '../count-format';
import classes from './landing.module.css';

/** SPEC §9: the count-up starts 200 ms after the number is known. */
export const countUpDelay = 200;
const countUpDuration = 1_600;

/** The hero's number: every mapping between codes of two schemes, counted up from zero. */
export function MappingCount() {
  const { data, isPending, isError } = useLinkCountQuery();
  return (
    <Stack gap={6} data-testid="mapping-count" aria-live="polite">
      {isPending ? (
        <Skeleton className={classes.countSkeleton} w={220} data-testid="mapping-count-loading" />
      ) : isError ? (
        <Text className={classes.quiet} data-testid="mapping-count-error">
          The number of mappings cannot be read just now.
        </Text>
      ) : (
        <CountUp count={data.count} />
      )}
      {!isError && (
        <Text size="lg" fw={500}>
          mappings between the codes of different schemes
        </Text>
      )}
    </Stack>
  );
}

/**
 * The number eases from 0 to `count`. Screen readers get the final number once (the moving
 * digits are hidden from them); with reduced motion it is shown at once.
 */
function CountUp({ count }: { count: number }) {
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const { value } = useSpring({
    from: { value: reduceMotion ? count : 0 },
    to: { value: count },
    delay: reduceMotion ? 0 : countUpDelay,
    immediate: reduceMotion,
    config: { duration: countUpDuration, easing: easings.easeOutCubic },
  });
  return (
    <Text component="p" className={classes.count} data-count={count}>
      <animated.span aria-hidden data-testid="mapping-count-value">
        {value.to(formatCount)}
      </animated.span>
      <VisuallyHidden>{formatCount(count)}</VisuallyHidden>
    </Text>
  );
}
