import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Page } from '../../../components/page';
import { MaintenanceCard } from '../../../features/admin/components/maintenance-card';
import { useAuth } from '../../../features/auth/auth-context';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';

/** `/admin`: maintenance tools for administrators, a note for everyone else. */
export function AdministrationPage() {
  const { user } = useAuth();
  const [cleanupJobId, setCleanupJobId] = useState<string | null>(null);

  return (
    <Page title="Administration">
      {user?.role === 'admin' ? (
        <MaintenanceCard onCleanupStarted={setCleanupJobId}>
          {cleanupJobId && <LiveJobProgressCard key={cleanupJobId} jobId={cleanupJobId} />}
        </MaintenanceCard>
      ) : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />} maw={640} data-testid="members-note">
          These maintenance tools are for administrators. Ask an administrator if expired sessions or background jobs
          need attention.
        </Alert>
      )}
    </Page>
  );
}
