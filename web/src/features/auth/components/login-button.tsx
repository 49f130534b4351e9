import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyLoginModal, loadLoginModal } from './lazy-login-modal';

/**
 * The header's Login button and the modal it opens. It is shown to anonymous visitors only,
 * so a successful login unmounts it, modal and all.
 */
export function LoginButton() {
  const [opened, { open, close }] = useDisclosure(false);
  // The modal's code arrives with the first wish to log in (a pointer over the button is one).
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadLoginModal();

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconLogin2 size={18} />}
        onClick={() => {
          setWanted(true);
          open();
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        data-testid="login-button"
      >
        Login
      </Button>
      {wanted && <LazyLoginModal opened={opened} onClose={close} />}
    </>
  );
}
