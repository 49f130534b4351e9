import { Group, Kbd, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keyNotificationDuration, type ShortcutKey } from '../linking-shortcuts';

/** SPEC §4: every shortcut press shows a key notification for 1,000 ms, bottom right with the admin screen's others. */
export function notifyKeyPress(key: ShortcutKey, message: string): void {
  notifications.show({
    position: 'bottom-right',
    autoClose: keyNotificationDuration,
    withCloseButton: false,
    message: (
      <Group gap="sm" wrap="nowrap" data-testid="key-notification" data-key={key}>
        <Kbd size="md">{key.toUpperCase()}</Kbd>
        <Text size="sm">{message}</Text>
      </Group>
    ),
  });
}
