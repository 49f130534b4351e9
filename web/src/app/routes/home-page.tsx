import { Stack, Text, Title } from '@mantine/core';

/** The landing view: what the product is for and who made it (SPEC §1). */
export function HomePage() {
  return (
    <Stack gap="xl" maw={860} py="md">
      <title>The Occupation Graph</title>
      <Stack gap="sm">
        <Text c="teal" fw={700} size="sm" tt="uppercase" lts={1.5}>
          Occupational classification crosswalks
        </Text>
        <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1}>
          The Occupation Graph
        </Title>
        <Text size="xl" c="dimmed" maw={680}>
          One place to move between the schemes that describe work, across time and across borders.
        </Text>
      </Stack>

      <Stack gap="sm" data-testid="about">
        <Title order={2} size="h3">
          About
        </Title>
        <Text>
          Censuses, registers and surveys have coded occupations in many different classification schemes,
          from historical ones such as HISCO and PST to current ones such as ISCO-08 and SOC 2020. The Occupation
          Graph connects the codes of these schemes with one another, so that a title coded in one scheme can be
          read in another. Each connection between two codes is kept as a SKOS mapping relation in a triple store,
          which keeps the crosswalks open to querying, export and reuse.
        </Text>
        <Text>
          Administrators maintain the schemes and the links between them; researchers upload their own datasets of
          occupational titles, run predictions and review the proposed codes. The tool was built by a university
          research group with funding from a research council.
        </Text>
      </Stack>
    </Stack>
  );
}
