import { Center, Loader } from '@mantine/core';

/** What a page that needs to know who is logged in shows while the session is checked on load. */
export function SessionCheckLoader() {
  return (
    <Center h={200}>
      <Loader aria-label="Checking your session" />
    </Center>
  );
}
