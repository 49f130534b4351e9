import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { LoginModal } from './login-modal';

/**
 * The header's Login button and the modal it opens. It is shown to anonymous visitors only,
 * so a successful login unmounts it, modal and all.
 */
export function LoginButton() {
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <>
      <Button variant="light" leftSection={<IconLogin2 size={18} />} onClick={open} data-testid="login-button">
        Login
      </Button>
      <LoginModal opened={opened} onClose={close} />
    </>
  );
}
