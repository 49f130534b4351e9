import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from '../lib/app-query-client';
import { cssVariablesResolver, theme } from './theme';

/** The chosen light or dark scheme survives reloads. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'og-color-scheme' });

/** Providers that do not depend on the route: theme, notifications, query cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      {/* Admin defaults (SPEC §9); review screens pass their own position and timing per call. */}
      <Notifications
        position="bottom-right"
        limit={5}
        autoClose={4_000}
        transitionDuration={250}
        containerWidth={440}
        notificationMaxHeight={200}
      />
      <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
