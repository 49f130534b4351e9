import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FishingTree } from './fishing-tree';
import { LinkingDiagram } from './linking-diagram';

type Diagram = 'tree' | 'linking';

/** Learn's two animated diagrams, one at a time, and the button that switches between them (SPEC §2). */
export function LearnDiagrams() {
  const [shown, setShown] = useState<Diagram>('tree');
  const regionId = useId();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Text maw={680}>
          How The Occupation Graph sees occupations: each classification scheme is a tree of codes, and links between the
          codes of two schemes let a code be read in the other.
        </Text>
        <Button
          variant="default"
          leftSection={<IconArrowsExchange size={18} aria-hidden />}
          aria-controls={regionId}
          onClick={() => setShown((current) => (current === 'tree' ? 'linking' : 'tree'))}
          data-testid="learn-diagram-toggle"
        >
          {shown === 'tree' ? 'Show Linking Diagram' : 'Show Tree Diagram'}
        </Button>
      </Group>
      <div id={regionId}>
        {shown === 'tree' ? <FishingTree /> : <LinkingDiagram />}
      </div>
    </Stack>
  );
}
