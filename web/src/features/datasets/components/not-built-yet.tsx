import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface NotBuiltYetButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** Says which part of the product will make the button work. */
  reason: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A confirm button whose action a later issue builds: shown as SPEC draws it, disabled, with a
 * tooltip saying so. It stays hoverable and focusable (aria-disabled, not disabled) so the
 * tooltip can be read; clicks do nothing.
 */
export function NotBuiltYetButton({ reason, children, 'data-testid': testId, ...buttonProps }: NotBuiltYetButtonProps) {
  return (
    <Tooltip label={reason} withArrow multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      <Button
        {...buttonProps}
        data-disabled
        aria-disabled
        onClick={(event) => event.preventDefault()}
        data-testid={testId}
        data-not-built="true"
      >
        {children}
      </Button>
    </Tooltip>
  );
}

export const notBuiltReasons = {
  conversion: 'Conversions are built in a later issue.',
} as const;
