import { Alert, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, ThemeIcon, Title, Tooltip, type MantineColor } from '@mantine/core';
import { notConvertedReasons, type ConversionPath, type ConversionSummary } from '@og/shared/contracts/conversions';
import { IconAlertTriangle, IconCheck, IconScale } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatAmount, formatFraction, formatShare, pathDescriptions, pathLabels, reasonDescriptions, reasonLabels } from '../conversion-format';
import { equalSharesNote, notConvertedCodes, pathShares, summaryMeasures } from '../conversion-summary-rows';

const pathColors: Record<ConversionPath, MantineColor> = { direct: 'teal', 'two-hop': 'indigo', 'default-to-parent': 'orange' };

interface ConversionSummaryProps {
  summary: ConversionSummary;
  totalsColumns: readonly string[];
  targetCodes: number;
}

/**
 * What the conversion did, in sums: converted and not converted per totals column (by reason),
 * which adds up to the dataset's totals; how the converted rows got there; the source codes.
 */
export function ConversionSummaryView({ summary, totalsColumns, targetCodes }: ConversionSummaryProps) {
  const measures = summaryMeasures(summary, totalsColumns);
  const rows = measures[0]!;
  const reasonCodes = notConvertedCodes(summary);
  // Every reason has its column, zeros included: the breakdown is read at a glance.
  const reasons = notConvertedReasons;
  const addsUp = measures.every((measure) => measure.addsUp);
  const fellBack = equalSharesNote(summary);

  return (
    <Stack gap="md" data-testid="conversion-summary">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard label="Converted" value={formatShare(rows.converted, rows.dataset)} color="teal" testId="summary-converted">
          {formatAmount(rows.converted)} of {formatAmount(rows.dataset)} rows
        </StatCard>
        <StatCard label="Not converted" value={formatShare(rows.notConverted, rows.dataset)} color="gray" testId="summary-not-converted">
          {formatAmount(rows.notConverted)} rows
        </StatCard>
        <StatCard label="Source codes" value={formatAmount(summary.sourceCodes)} testId="summary-source-codes">
          {formatAmount(summary.problematic)} problematic, {formatAmount(summary.decided)} decided
        </StatCard>
        <StatCard label="Target codes" value={formatAmount(targetCodes)} testId="summary-target-codes">
          with converted rows
        </StatCard>
      </SimpleGrid>

      {fellBack && (
        <Alert variant="light" color="gray" icon={<IconScale size={18} />} data-testid="summary-equal-shares">
          {fellBack}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4">
              Totals
            </Title>
            <Group gap={6} wrap="nowrap" data-testid="summary-adds-up" data-adds-up={addsUp}>
              <ThemeIcon size="sm" radius="xl" variant="light" color={addsUp ? 'teal' : 'orange'}>
                {addsUp ? <IconCheck size={12} /> : <IconAlertTriangle size={12} />}
              </ThemeIcon>
              <Text size="xs" c="dimmed">
                {addsUp ? 'Converted + not converted = the dataset’s totals' : 'Converted and not converted do not add up to the dataset’s totals'}
              </Text>
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing={6} data-testid="summary-totals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th ta="right">Dataset</Table.Th>
                  <Table.Th ta="right">Converted</Table.Th>
                  <Table.Th ta="right">Not converted</Table.Th>
                  {reasons.map((reason) => (
                    <Table.Th key={reason} ta="right">
                      <Tooltip label={`${reasonDescriptions[reason]} ${formatAmount(reasonCodes[reason])} codes.`} withArrow multiline maw={260}>
                        <Text span inherit c="dimmed" fw={500} style={{ cursor: 'help' }} tabIndex={0}>
                          {reasonLabels[reason]}
                        </Text>
                      </Tooltip>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {measures.map((measure) => (
                  <Table.Tr key={measure.label} data-testid="summary-measure" data-measure={measure.label}>
                    <Table.Td>
                      <Text size="sm" fw={500} dir="auto">
                        {measure.label}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatAmount(measure.dataset)}</Table.Td>
                    <Table.Td ta="right" data-testid="summary-measure-converted">
                      {formatAmount(measure.converted)}{' '}
                      <Text span size="xs" c="dimmed">
                        ({formatShare(measure.converted, measure.dataset)})
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-testid="summary-measure-not-converted">
                      {formatAmount(measure.notConverted)}
                    </Table.Td>
                    {reasons.map((reason) => (
                      <Table.Td key={reason} ta="right" c="dimmed">
                        {formatAmount(measure.byReason[reason])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>

      <PathShares summary={summary} />
    </Stack>
  );
}

function StatCard({ label, value, color, testId, children }: { label: string; value: string; color?: MantineColor; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} lh={1.3} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
}

/** The converted rows by the kind of path that took them: one bar, a legend with shares. */
function PathShares({ summary }: { summary: ConversionSummary }) {
  const shares = pathShares(summary);
  return (
    <Paper withBorder radius="md" p="md" data-testid="summary-paths">
      <Stack gap="sm">
        <Title order={2} size="h4">
          How the rows were converted
        </Title>
        {/* A group of progress bars, named as a whole, each section named by its path and share. */}
        <Progress.Root size={14} radius="xl" role="group" aria-label="Converted rows by path">
          {shares.map(({ path, share }) =>
            share > 0 ? (
              <Tooltip key={path} label={`${pathLabels[path]}: ${formatFraction(share)}`} withArrow>
                <Progress.Section value={share * 100} color={pathColors[path]} aria-label={`${pathLabels[path]}: ${formatFraction(share)}`} />
              </Tooltip>
            ) : null,
          )}
        </Progress.Root>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {shares.map(({ path, occurrences, share }) => (
            <Group key={path} gap="xs" wrap="nowrap" align="flex-start" data-testid="summary-path" data-path={path}>
              <ThemeIcon size={12} radius="xl" color={pathColors[path]} mt={4} aria-hidden>
                <span />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {pathLabels[path]}{' '}
                  <Text span inherit fw={700} data-testid="summary-path-share">
                    {formatFraction(share)}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {formatAmount(occurrences)} rows · {pathDescriptions[path]}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
