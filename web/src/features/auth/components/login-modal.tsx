import { Alert, Modal } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { LoginForm } from './login-form';

interface LoginModalProps {
  opened: boolean;
  onClose: () => void;
  /** Why the login is asked for, shown above the form. */
  reason?: string;
}

export function LoginModal({ opened, onClose, reason }: LoginModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="sm">
      <Modal.Overlay />
      <Modal.Content data-testid="login-modal">
        <Modal.Header>
          <Modal.Title fw={700}>Login</Modal.Title>
          <Modal.CloseButton aria-label="Close login" />
        </Modal.Header>
        <Modal.Body>
          {reason && (
            <Alert variant="light" color="blue" icon={<IconLock size={18} />} mb="md">
              {reason}
            </Alert>
          )}
          <LoginForm />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
