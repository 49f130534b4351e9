import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { Conversion } from '@og/shared/contracts/conversions';
import { IconAlertTriangle, IconArrowRight, IconDownload, IconListCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { ApiError } from '../../../lib/api-client';
import { conversionKeys } from '../api/conversion-keys';
import { useConversionQuery } from '../api/get-conversion';
import { conversionExportUrl, useConversionResultQuery } from '../api/get-conversion-result';
import { firstCodeToWalk } from '../code-walk';
import { formatAmount } from '../conversion-format';
import { conversionCodePath, conversionsListPath } from '../conversion-paths';
import { ConversionHeader, conversionSubject, schemeLabel } from './conversion-header';
import { ConversionStateBadge } from './conversion-state-badge';
import { ConversionSummaryView } from './conversion-summary';
import { SourceCodesTable } from './source-codes-table';
import { TargetCodesTable } from './target-codes-table';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/**
 * `/convert/{conversionId}`: the conversion's job followed live, then its result: the summary,
 * the converted table, the problematic codes to walk through, and the exports.
 */
export function ConversionResultScreen({ conversionId }: { conversionId: string }) {
  const conversion = useConversionQuery(conversionId);

  if (conversion.isPending) return <ScreenSkeleton />;
  if (conversion.isError) return <ConversionLoadError error={conversion.error} onRetry={() => void conversion.refetch()} />;
  return <ConversionResultView conversion={conversion.data} />;
}

export function ScreenSkeleton() {
  return (
    <Stack gap="md" aria-busy data-testid="conversion-loading">
      <Skeleton height={14} width={260} />
      <Skeleton height={32} width="50%" />
      <Skeleton height={120} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

/** A conversion that could not be read: not there (or not the user's), or the server failed. */
export function ConversionLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Stack gap="md" data-testid="conversion-load-error">
      <title>Conversion · The Occupation Graph</title>
      <Anchor component={Link} to={conversionsListPath} size="sm">
        My datasets
      </Anchor>
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={notFound ? 'Conversion not found' : 'Network response was not ok'}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{notFound ? 'There is no such conversion among yours.' : error.message}</Text>
          {!notFound && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    </Stack>
  );
}

function ConversionResultView({ conversion }: { conversion: Conversion }) {
  const queryClient = useQueryClient();
  const refetchConversion = () => void queryClient.invalidateQueries({ queryKey: conversionKeys.one(conversion.id) });
  const ready = conversion.state === 'ready';

  return (
    <Stack gap="lg" data-testid="conversion-result-screen" data-state={conversion.state}>
      <title>{`${conversionSubject(conversion)} in ${schemeLabel(conversion.targetScheme)} · The Occupation Graph`}</title>
      <ConversionHeader conversion={conversion}>{!ready && <ConversionStateBadge state={conversion.state} />}</ConversionHeader>
      {conversion.state === 'running' &&
        (conversion.jobId ? (
          <Stack gap="xs" data-testid="conversion-progress">
            <LiveJobProgressCard jobId={conversion.jobId} onFinish={refetchConversion} />
            <Text size="sm" c="dimmed">
              The result shows here as soon as the conversion is done; you may leave this page meanwhile.
            </Text>
          </Stack>
        ) : (
          <Group gap="sm" data-testid="conversion-progress">
            <Loader size="sm" />
            <Text size="sm">Waiting for the conversion to start…</Text>
          </Group>
        ))}
      {conversion.state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The conversion failed" data-testid="conversion-failed">
          {conversion.error ?? 'No reason was given.'}
        </Alert>
      )}
      {ready && <ConversionResultBody conversion={conversion} />}
    </Stack>
  );
}

function ConversionResultBody({ conversion }: { conversion: Conversion }) {
  const result = useConversionResultQuery(conversion.id, true);
  const problematic = useMemo(() => result.data?.codes.filter((code) => code.problematic) ?? [], [result.data]);

  if (result.isPending) {
    return (
      <Stack gap="md" aria-busy data-testid="conversion-result-loading">
        <Skeleton height={100} radius="md" />
        <Skeleton height={300} radius="md" />
      </Stack>
    );
  }
  if (result.isError) {
    return (
      <LoadErrorAlert title="The result could not be read" message={result.error.message} onRetry={() => void result.refetch()} data-testid="conversion-result-error" />
    );
  }
  const { rows, codes } = result.data;
  const summary = result.data.conversion.summary ?? conversion.summary;
  const walkFrom = firstCodeToWalk(codes);
  const undecided = problematic.filter((code) => !code.decided).length;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>
              {problematic.length === 0
                ? 'No code is problematic'
                : undecided === 0
                  ? `All ${formatAmount(problematic.length)} problematic codes are decided`
                  : `${formatAmount(undecided)} of ${formatAmount(problematic.length)} problematic codes to decide`}
            </Text>
            <Text size="sm" c="dimmed">
              A code is problematic when its links reach more than one target at the target depth.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button component="a" href={conversionExportUrl(conversion.id, 'csv')} download variant="default" leftSection={<IconDownload size={16} />} data-testid="export-csv">
              Export CSV
            </Button>
            <Button component="a" href={conversionExportUrl(conversion.id, 'sssom')} download variant="default" leftSection={<IconDownload size={16} />} data-testid="export-sssom">
              Export SSSOM
            </Button>
            {walkFrom && (
              <Button component={Link} to={conversionCodePath(conversion.id, walkFrom)} rightSection={<IconArrowRight size={16} />} data-testid="walk-problematic">
                {undecided === 0 ? 'Review the problematic codes' : 'Walk through the problematic codes'}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>

      {summary && <ConversionSummaryView summary={summary} totalsColumns={conversion.totalsColumns} targetCodes={rows.length} />}

      <Tabs defaultValue={problematic.length > 0 ? 'problematic' : 'targets'} keepMounted={false} data-testid="result-tabs">
        <Tabs.List>
          <Tabs.Tab value="problematic" leftSection={<IconListCheck size={16} />} rightSection={<CountBadge count={problematic.length} />} data-testid="tab-problematic">
            Problematic codes
          </Tabs.Tab>
          <Tabs.Tab value="targets" rightSection={<CountBadge count={rows.length} />} data-testid="tab-targets">
            Target codes
          </Tabs.Tab>
          <Tabs.Tab value="sources" rightSection={<CountBadge count={codes.length} />} data-testid="tab-sources">
            All source codes
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="problematic" pt="md">
          <SourceCodesTable conversionId={conversion.id} codes={problematic} noun="problematic codes" testId="problematic-codes" />
        </Tabs.Panel>
        <Tabs.Panel value="targets" pt="md">
          <TargetCodesTable rows={rows} totalsColumns={conversion.totalsColumns} />
        </Tabs.Panel>
        <Tabs.Panel value="sources" pt="md">
          <SourceCodesTable conversionId={conversion.id} codes={codes} noun="source codes" testId="source-codes" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <Badge size="sm" variant="light" color="gray" circle={count < 10}>
      {formatAmount(count)}
    </Badge>
  );
}
