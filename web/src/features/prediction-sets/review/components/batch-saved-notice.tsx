import { Button, Group, Stack, Text } from '@mantine/core';
import type { MappingBatchUndone } from '@og/shared/contracts/predictions';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { batchSavedWords, batchUndoneWords } from '../ticked-entries';

/** The review's notices of saving many entries at once (issue 29). */
export const BatchNotice = {
  /** How many entries a save with ticked entries mapped, and 'Undo', which gives the whole batch back its mappings from before (none when the save wrote no batch). */
  saved(mapped: number, uriCount: number, onUndo: (() => void) | null): ReactNode {
    return (
      <Stack gap={6} data-testid="batch-saved-notice">
        <Text size="sm">{batchSavedWords(mapped, uriCount)}</Text>
        {onUndo && (
          <Group gap="xs">
            <Button size="compact-xs" variant="light" color="orange" leftSection={<IconArrowBackUp size={14} />} onClick={onUndo} data-testid="batch-undo">
              Undo
            </Button>
          </Group>
        )}
      </Stack>
    );
  },
  /** What the undo gave back. */
  undone(undone: MappingBatchUndone): ReactNode {
    return (
      <Text size="sm" data-testid="batch-undone-notice">
        {batchUndoneWords(undone)}
      </Text>
    );
  },
};
