import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';
import { MappingCount } from './mapping-count';
import { SchemeNetwork } from './scheme-network';

/** The landing's opening: what the product is, how many mappings it holds, and the schemes they join. */
export function LandingHero() {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Text className={classes.eyebrow} fw={700} size="sm" tt="uppercase" lts={1.5}>
          Occupational classification crosswalks
        </Text>
        <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1}>
          The Occupation Graph
        </Title>
        <Text size="xl" maw={680}>
          One place to move between the schemes that describe work, across time and across borders.
        </Text>
      </Stack>
      <Paper className={classes.panel} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Grid gutter="xl" align="center">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <MappingCount />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SchemeNetwork />
          </Grid.Col>
        </Grid>
      </Paper>
    </Stack>
  );
}
