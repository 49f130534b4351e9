import { Alert } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';

/**
 * In the review, an entry waiting for a second opinion that someone else coded first: its mapping
 * is hidden (the server sends it empty) and only its first reviewer may change it until then.
 */
export function AwaitingSecondOpinion() {
  return (
    <Alert color="grape" variant="light" icon={<IconEyeOff size={16} />} title="Waiting for a second opinion" data-testid="awaiting-second-opinion">
      Its first mapping is hidden until a second reviewer has coded it blind, and only its first reviewer may change it meanwhile.
    </Alert>
  );
}
