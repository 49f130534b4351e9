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
    <Modal
      opened={opened}
      onClose={onClose}
      title="Login"
      centered
      size="sm"
      attributes={{ content: { 'data-testid': 'login-modal' } }}
    >
      {reason && (
        <Alert variant="light" color="blue" icon={<IconLock size={18} />} mb="md">
          {reason}
        </Alert>
      )}
      <LoginForm />
    </Modal>
  );
}
