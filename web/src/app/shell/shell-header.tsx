import { Burger, Button, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDownload, IconTopologyStar3 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { LoginButton } from '../../features/auth/components/login-button';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { JobsIndicator } from '../../features/jobs/components/jobs-indicator';
import { LanguageSelector } from '../../components/language-selector';
import { ColorSchemeToggle } from './color-scheme-toggle';

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
          <>
            <JobsIndicator />
            {/* The export arrives as a file; the server names it. */}
            <Button
              component="a"
              href="/api/export"
              download
              variant="default"
              leftSection={<IconDownload size={18} />}
              visibleFrom="sm"
              data-testid="export-ttl"
            >
              Export TTL
            </Button>
            <LogoutButton />
          </>
        ) : (
          <LoginButton />
        )}
        <LanguageSelector />
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
