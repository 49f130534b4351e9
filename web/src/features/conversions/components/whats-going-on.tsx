import { ActionIcon, Badge, Group, List, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import type { ConversionCodeDetail } from '@og/shared/contracts/conversions';
import { IconHelp } from '@tabler/icons-react';
import { useState } from 'react';
import { formatFraction, pathLabels, reasonLabels } from '../conversion-format';

const label = "What's going on?";

/** SPEC §2's "What's going on?": this code's paths in plain words, and where the conversion sends it now. */
export function WhatsGoingOn({ detail, schemeLabel }: { detail: ConversionCodeDetail; schemeLabel: string }) {
  const [opened, setOpened] = useState(false);
  const { current } = detail;
  return (
    <Popover opened={opened} onChange={setOpened} width={440} position="bottom-start" middlewares={{ flip: false, shift: true }} withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={label} withArrow disabled={opened}>
          <ActionIcon variant="default" size="lg" aria-label={label} aria-expanded={opened} onClick={() => setOpened((open) => !open)} data-testid="whats-going-on">
            <IconHelp size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="whats-going-on-panel" p={0}>
        {/* Long explanations scroll inside, and the panel always opens below its button, over nothing it explains. */}
        <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
          <Stack gap="sm" p="md">
            <Text fw={600} size="sm">
              {label}
            </Text>
            {detail.explanation.length > 0 ? (
              <List size="sm" spacing={6}>
                {detail.explanation.map((line, index) => (
                  <List.Item key={index}>{line}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                There is nothing more to say about this code’s paths.
              </Text>
            )}
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {detail.decision ? 'The decision sends it to' : 'The conversion sends it to'}
              </Text>
              {current.reason ? (
                <Text size="sm">Nowhere: {reasonLabels[current.reason].toLowerCase()}.</Text>
              ) : (
                <Group gap={4}>
                  {current.targets.map((target) => (
                    <Badge key={target.code} variant="light" color="gray" tt="none" radius="sm">
                      {schemeLabel} {target.code} · {formatFraction(target.share)} · {pathLabels[target.path].toLowerCase()}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
