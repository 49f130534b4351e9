import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The review's notice texts (SPEC §8), with the actions beyond SPEC that follow a save. */
export const SavedNotice = {
  /** 'Mapped {string} to N URI(s)', and 'Also map N entries with the same title' when there are some. */
  saved(string: string, uriCount: number, sameTitle: number, onAlsoMap: () => void): ReactNode {
    return (
      <Stack gap={6} data-testid="mapping-saved-notice">
        <Text size="sm" dir="auto">
          Mapped {string} to {uriCount} URI(s)
        </Text>
        {sameTitle > 0 && <AlsoMapButton count={sameTitle} onClick={onAlsoMap} />}
      </Stack>
    );
  },
  /** 'Error saving mapping' with the message; the entry can be opened again with the unsaved choices. */
  failed(message: string, string: string, onReturn: () => void): ReactNode {
    return (
      <Stack gap={4} data-testid="mapping-error-notice">
        <Text size="sm">{message}</Text>
        <Anchor component="button" type="button" size="sm" onClick={onReturn} dir="auto">
          Back to {string}
        </Anchor>
      </Stack>
    );
  },
};

function AlsoMapButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={onClick}
      data-testid="also-map-same-title"
    >
      Also map {count} {count === 1 ? 'entry' : 'entries'} with the same title
    </Button>
  );
}
