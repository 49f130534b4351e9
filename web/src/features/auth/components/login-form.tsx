import { loginFailedLabel } from '@og/shared/errors/spec-messages';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useLogin } from '../api/login';

/** How long the button says 'Login failed' before it offers 'Login' again (SPEC §9). */
const loginFailedMs = 2_000;

export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const failedReset = useTimeout(() => setFailed(false), loginFailedMs);
  const login = useLogin();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim();
    if (name === '' || password === '') return;
    login.mutate(
      { username: name, password },
      {
        onError: () => {
          setFailed(true);
          failedReset.clear();
          failedReset.start();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          data-autofocus
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          data-testid="login-username"
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-testid="login-password"
        />
        <Button
          type="submit"
          fullWidth
          mt="xs"
          color={failed ? 'red' : undefined}
          loading={login.isPending}
          data-testid="login-submit"
        >
          {failed ? loginFailedLabel : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
