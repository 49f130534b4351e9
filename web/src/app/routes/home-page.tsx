import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconSchool, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

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

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EntryCard
          icon={IconCompass}
          title="Explore"
          description="Browse the schemes and the links between their codes."
          to="/explore"
        />
        <EntryCard
          icon={IconSchool}
          title="Learn"
          description="See how code trees, links and translations between schemes fit together."
          to="/learn"
        />
      </SimpleGrid>
    </Stack>
  );
}

interface EntryCardProps {
  icon: Icon;
  title: string;
  description: string;
  to: string;
}

function EntryCard({ icon: CardIcon, title, description, to }: EntryCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md">
          <CardIcon size={20} />
        </ThemeIcon>
        <Anchor component={Link} to={to} fw={600} c="inherit" underline="never">
          {title}
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Button component={Link} to={to} variant="light" size="xs" w="fit-content">
        Open {title}
      </Button>
    </Card>
  );
}
