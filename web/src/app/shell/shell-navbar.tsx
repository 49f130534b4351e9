import { Box, NavLink, Stack } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBinaryTree2,
  IconChecklist,
  IconCompass,
  IconDatabase,
  IconLanguage,
  IconSchool,
  IconSettings,
  IconTable,
  IconTransform,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { isAtOrBelow } from './nav-paths';

interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  testId: string;
  /** Highlighted on this path and every path below it; without it, only on its own path. */
  activePrefix?: string;
}

interface NavSection extends NavItem {
  items: NavItem[];
}

/** Sections for logged-in users: a link to the section, then its pages. */
const memberSections: NavSection[] = [
  {
    label: 'Admin', to: '/admin', icon: IconSettings, testId: 'nav-admin',
    items: [
      { label: 'Schemes', to: '/admin/schemes/pst2', icon: IconBinaryTree2, testId: 'nav-admin-schemes', activePrefix: '/admin/schemes' },
      { label: 'Linking', to: '/admin/linking', icon: IconArrowsExchange, testId: 'nav-admin-linking', activePrefix: '/admin/linking' },
    ],
  },
  {
    label: 'Datasets', to: '/datasets', icon: IconDatabase, testId: 'nav-datasets',
    items: [
      { label: 'Upload', to: '/datasets/upload', icon: IconUpload, testId: 'nav-datasets-upload', activePrefix: '/datasets/upload' },
      { label: 'List', to: '/datasets/list', icon: IconTable, testId: 'nav-datasets-list', activePrefix: '/datasets/list' },
      { label: '[TMP] Translate', to: '/translate', icon: IconLanguage, testId: 'nav-translate', activePrefix: '/translate' },
    ],
  },
];

/** Pages of one's own work, for logged-in users: the prediction sets to review and the conversions. */
const memberItems: NavItem[] = [
  { label: 'Review', to: '/review', icon: IconChecklist, testId: 'nav-review', activePrefix: '/review' },
  { label: 'Conversions', to: '/convert', icon: IconTransform, testId: 'nav-conversions', activePrefix: '/convert' },
];

const publicItems: NavItem[] = [
  { label: 'Explore', to: '/explore', icon: IconCompass, testId: 'nav-explore', activePrefix: '/explore' },
  { label: 'Learn', to: '/learn', icon: IconSchool, testId: 'nav-learn', activePrefix: '/learn' },
];

/** Sidebar: Admin, Datasets, Review and Conversions for logged-in users, Explore and Learn for everyone (SPEC §2). */
export function ShellNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  const sections = user ? memberSections : [];
  const items = user ? [...memberItems, ...publicItems] : publicItems;

  return (
    // The page's own scrolling, not Mantine's ScrollArea: that one brings Floating UI onto every public page.
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <Stack component="nav" aria-label="Main" gap={4} p="sm">
        {sections.map((section) => (
          <Box key={section.to}>
            <ShellNavLink item={section} onNavigate={onNavigate} />
            <Stack gap={2} ml="lg" pl="xs" style={{ borderInlineStart: '1px solid var(--app-shell-border-color)' }}>
              {section.items.map((item) => (
                <ShellNavLink key={item.to} item={item} onNavigate={onNavigate} />
              ))}
            </Stack>
          </Box>
        ))}
        {items.map((item) => (
          <ShellNavLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}

function ShellNavLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = item.activePrefix ? isAtOrBelow(pathname, item.activePrefix) : pathname === item.to;
  const Icon = item.icon;

  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={active}
      variant="light"
      onClick={onNavigate}
      data-testid={item.testId}
    />
  );
}
