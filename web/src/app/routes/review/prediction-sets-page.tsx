import { Stack, Title } from '@mantine/core';
import { Page } from '../../../components/page';
import { useAuth } from '../../../features/auth/auth-context';
import { PredictionSetUpload } from '../../../features/prediction-sets/components/prediction-set-upload';
import { PredictionSetsTable } from '../../../features/prediction-sets/components/prediction-sets-table';
import { LoginRequiredNotice } from './login-required-notice';

/** `/review`: upload a prediction set and list prediction sets (SPEC §2). Not guarded, but the API behind it needs a session. */
export function PredictionSetsPage() {
  const { user, isChecking } = useAuth();
  return (
    <Page title="Review">
      {user ? (
        <>
          <PredictionSetUpload />
          <Stack gap="xs">
            <Title order={2} size="h4">
              Prediction sets
            </Title>
            <PredictionSetsTable />
          </Stack>
        </>
      ) : (
        !isChecking && <LoginRequiredNotice />
      )}
    </Page>
  );
}
