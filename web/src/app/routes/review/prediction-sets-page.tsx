import { Paper, Stack, Text } from '@mantine/core';
import { Page } from '../../../components/page';
import { useAuth } from '../../../features/auth/auth-context';
import { LoginButton } from '../../../features/auth/components/login-button';
import { formatCreated } from '../../../features/datasets/format-created';
import { sliderFromThreshold, thresholdFromSlider, thresholdMarks } from '../../../features/datasets/threshold';
import { PredictionSetUpload } from '../../../features/prediction-sets/components/prediction-set-upload';
import { PredictionSetsTable } from '../../../features/prediction-sets/components/prediction-sets-table';
import type { ThresholdScale } from '../../../features/prediction-sets/components/prediction-set-threshold-slider';

/** The product's threshold slider (SPEC §5, §9), handed to the prediction-sets feature here, where features meet. */
const thresholdScale: ThresholdScale = { toSlider: sliderFromThreshold, fromSlider: thresholdFromSlider, marks: thresholdMarks };

/** `/review`: upload a prediction set and list prediction sets (SPEC §2). Not guarded, but the API behind it needs a session. */
export function PredictionSetsPage() {
  const { user, isChecking } = useAuth();
  return (
    <Page title="Review">
      {user ? (
        <>
          <PredictionSetUpload />
          <Stack gap="xs">
            <Text fw={600} size="lg" component="h2" m={0}>
              Prediction sets
            </Text>
            <PredictionSetsTable thresholdScale={thresholdScale} formatDate={formatCreated} isAdmin={user.role === 'admin'} />
          </Stack>
        </>
      ) : (
        !isChecking && (
          <Paper withBorder radius="md" p="xl" data-testid="review-login-needed">
            <Stack align="center" gap="sm">
              <Text size="sm" c="dimmed" ta="center" maw={420}>
                Log in to upload prediction sets and review them.
              </Text>
              <LoginButton />
            </Stack>
          </Paper>
        )
      )}
    </Page>
  );
}
