import { Menu, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface DisabledMenuItemProps {
  /** Why the action cannot be taken, shown on hover and focus. */
  reason: string;
  leftSection?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A menu entry that cannot be used now, with a tooltip saying why. It stays hoverable and
 * focusable (aria-disabled, not disabled) so the reason can be read; clicks do nothing.
 */
export function DisabledMenuItem({ reason, leftSection, children, 'data-testid': testId }: DisabledMenuItemProps) {
  return (
    <Tooltip label={reason} position="left" withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <Menu.Item
        aria-disabled
        data-disabled-reason={reason}
        closeMenuOnClick={false}
        onClick={(event) => event.preventDefault()}
        leftSection={leftSection}
        c="dimmed"
        style={{ cursor: 'not-allowed' }}
        data-testid={testId}
      >
        {children}
      </Menu.Item>
    </Tooltip>
  );
}
