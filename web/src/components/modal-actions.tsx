import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface ModalActionsProps {
  onCancel: () => void;
  /** The closing button's words; 'Cancel' unless the modal says otherwise ('Keep it'). */
  cancelLabel?: string;
  cancelTestId?: string;
  children: ReactNode;
}

/** The foot of a modal: 'Cancel' (closes it) and the modal's own confirm button, on the right. */
export function ModalActions({ onCancel, cancelLabel = 'Cancel', cancelTestId, children }: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} data-testid={cancelTestId}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  );
}
