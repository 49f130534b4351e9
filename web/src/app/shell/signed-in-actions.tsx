import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { JobsIndicator } from '../../features/jobs/components/jobs-indicator';

/** The header's actions for a logged-in user (SPEC §2 "Shell"): recent jobs, 'Export TTL', 'Logout {name}'. */
export function SignedInActions() {
  return (
    <>
      <JobsIndicator />
      {/* The export arrives as a file; the server names it. */}
      <Button component="a" href="/api/export" download variant="default" leftSection={<IconDownload size={18} />} visibleFrom="sm" data-testid="export-ttl">
        Export TTL
      </Button>
      <LogoutButton />
    </>
  );
}
