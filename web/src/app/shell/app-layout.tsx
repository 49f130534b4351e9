import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { ShellHeader } from './shell-header';
import { ShellNavbar } from './shell-navbar';

/** Header 60 px, sidebar 240 px (SPEC §2 "Shell"); on small screens the sidebar folds away. */
export function AppLayout() {
  const [navbarOpened, navbar] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <ShellHeader navbarOpened={navbarOpened} onToggleNavbar={navbar.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <ShellNavbar onNavigate={navbar.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
