import { Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';
import { MappingCount } from './mapping-count';

/** The landing's opening: what the product is, and how many mappings it holds. */
export function LandingHero() {
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Text className={classes.eyebrow} fw={700} size="sm" tt="uppercase" lts={1.5}>
          Occupational classification crosswalks
        </Text>
        <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1}>
          The Occupation Graph
        </Title>
        <Text size="xl">One place to move between the schemes that describe work, across time and across borders.</Text>
      </Stack>
      <MappingCount />
    </Stack>
  );
}
