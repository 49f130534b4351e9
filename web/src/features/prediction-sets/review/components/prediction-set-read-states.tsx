import { Alert, Group, Loader } from '@mantine/core';
import { ApiError } from '../../../../lib/api-client';

/** A page's prediction set being read. */
export function PredictionSetLoading() {
  return (
    <Group justify="center" p="xl">
      <Loader />
    </Group>
  );
}

/**
 * A page's prediction set that could not be read: a 404 says there is none shared with the
 * viewer; any other failure says what the page gives (`failure`).
 */
export function PredictionSetReadError({ error, failure }: { error: Error; failure: { title: string; message: string } }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert color={missing ? 'yellow' : 'red'} title={missing ? 'Prediction set not found' : failure.title} data-testid="prediction-set-error">
      {missing ? 'There is no such prediction set, or it is not shared with you.' : failure.message}
    </Alert>
  );
}
