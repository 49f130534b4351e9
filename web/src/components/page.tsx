import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const productName = 'The Occupation Graph';

interface PageProps {
  /** The page heading, also used for the browser tab title. */
  title: string;
  children?: ReactNode;
}

/** A screen's frame: its heading and the document title. */
export function Page({ title, children }: PageProps) {
  return (
    <Stack gap="lg">
      <title>{`${title} · ${productName}`}</title>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
