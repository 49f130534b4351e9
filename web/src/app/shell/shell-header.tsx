import { Burger, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { LoginButton } from '../../features/auth/components/login-button';
import { LanguageSelector } from '../../components/language-selector';
import { QuietBoundary } from '../../components/quiet-boundary';
import { ColorSchemeToggle } from './color-scheme-toggle';

/** Loaded with the first login: anonymous visitors never download the jobs popover and its progress bars. */
const SignedInActions = lazy(() => import('./signed-in-actions').then((module) => ({ default: module.SignedInActions })));

interface ShellHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

export function ShellHeader({ navbarOpened, onToggleNavbar }: ShellHeaderProps) {
  const { user } = useAuth();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        <UnstyledButton component={Link} to="/" aria-label="The Occupation Graph, start page" data-testid="logo">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="gradient" gradient={{ from: 'teal', to: 'cyan', deg: 135 }} size="lg" radius="md">
              <IconTopologyStar3 size={20} />
            </ThemeIcon>
            <Text fw={800} size="md" lts={1.5} visibleFrom="xs">
              THE OCCUPATION GRAPH
            </Text>
          </Group>
        </UnstyledButton>
      </Group>

      <Group gap="sm" wrap="nowrap">
        {user ? (
          <QuietBoundary>
            <Suspense fallback={null}>
              <SignedInActions />
            </Suspense>
          </QuietBoundary>
        ) : (
          <LoginButton />
        )}
        <LanguageSelector />
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
