import { Badge, Button, Code, Group, Pagination, Paper, SegmentedControl, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { translateStatuses, type TranslatedCode, type TranslateResult, type TranslateStatus, type TranslateTarget } from '@og/shared/contracts/public';
import { schemeById } from '@og/shared/domain/schemes';
import { IconArrowRight, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { relationSentence, relationWords } from '../../../lib/relation-words';
import { sharePercent } from '../code-links';
import { countStatuses, pathDescriptions, pathLabels, statusColors, statusDescriptions, statusLabels } from '../translation-summary';

const rowsPerPage = 100;
const countFormat = new Intl.NumberFormat('en');

type StatusFilter = TranslateStatus | 'all';

/** Writes the translation as CSV in the browser and hands it to the user as a download. */
async function downloadCsv(result: TranslateResult): Promise<void> {
  const { translationCsv, translationFileName } = await import('../translation-csv');
  const url = URL.createObjectURL(new Blob([translationCsv(result)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = translationFileName(result);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the address is not needed after it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A translation's outcome: how many codes ended how, the table (filtered by status, a page at a time) and its CSV. */
export function TranslationResult({ result }: { result: TranslateResult }) {
  const counts = useMemo(() => countStatuses(result.codes), [result]);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [preparing, setPreparing] = useState(false);
  const rows = useMemo(() => (filter === 'all' ? result.codes : result.codes.filter((code) => code.status === filter)), [result, filter]);
  const pages = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  const pageRows = rows.slice((page - 1) * rowsPerPage, page * rowsPerPage);
  const fromLabel = schemeById(result.from).label;
  const toLabel = schemeById(result.to).label;

  const filterOptions = [
    { value: 'all', label: `All (${countFormat.format(result.codes.length)})` },
    ...translateStatuses.filter((status) => counts[status] > 0).map((status) => ({ value: status, label: `${statusLabels[status]} (${countFormat.format(counts[status])})` })),
  ];

  return (
    <Paper withBorder radius="md" p="md" data-testid="translation-result">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Title order={2} size="h4">
              <Group gap={6} component="span">
                {fromLabel} <IconArrowRight size={18} aria-label="to" /> {toLabel}
              </Group>
            </Title>
            <Group gap="xs" data-testid="translation-summary">
              <Text size="sm">
                {countFormat.format(result.codes.length)} {result.codes.length === 1 ? 'code' : 'codes'}:
              </Text>
              {translateStatuses.map((status) => (
                <Tooltip key={status} label={statusDescriptions[status]} withArrow>
                  <Badge variant="dot" color={statusColors[status]} radius="sm" tt="none" data-testid={`translation-count-${status}`} data-count={counts[status]}>
                    {countFormat.format(counts[status])} {statusLabels[status]}
                  </Badge>
                </Tooltip>
              ))}
            </Group>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={preparing}
            onClick={() => {
              setPreparing(true);
              void downloadCsv(result).finally(() => setPreparing(false));
            }}
            data-testid="translation-download"
          >
            Download CSV
          </Button>
        </Group>

        {filterOptions.length > 2 && (
          <SegmentedControl
            value={filter}
            onChange={(value) => {
              setFilter(value as StatusFilter);
              setPage(1);
            }}
            data={filterOptions}
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            aria-label="Show codes by status"
            data-testid="translation-filter"
          />
        )}

        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={6} striped highlightOnHover aria-label={`Codes of ${fromLabel} read in ${toLabel}`} data-testid="translation-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name in {fromLabel}</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Codes in {toLabel}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pageRows.map((code) => (
                <TranslatedRow key={code.code} code={code} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        {pages > 1 && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Codes {countFormat.format((page - 1) * rowsPerPage + 1)}–{countFormat.format(Math.min(page * rowsPerPage, rows.length))} of {countFormat.format(rows.length)}
            </Text>
            <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': `${control} page` })} data-testid="translation-pages" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function TranslatedRow({ code }: { code: TranslatedCode }) {
  return (
    <Table.Tr data-testid="translation-row" data-code={code.code} data-status={code.status}>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} dir="auto">
          {code.code}
        </Text>
      </Table.Td>
      <Table.Td>
        {code.name === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text size="sm" dir="auto">
            {code.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="dot" color={statusColors[code.status]} radius="sm" tt="none" style={{ minWidth: 'max-content' }} data-testid="translation-status">
          {statusLabels[code.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {code.targets.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={4}>
            {code.targets.map((target) => (
              <TargetLine key={target.code} target={target} />
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function TargetLine({ target }: { target: TranslateTarget }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline" data-testid="translation-target" data-code={target.code} data-path={target.path}>
      <Code>{target.code}</Code>
      <Text size="sm" dir="auto" style={{ flex: 1, minWidth: 0 }}>
        {target.name}
        {target.via && (
          <Text size="xs" c="dimmed" component="span" display="block" data-testid="translation-target-via">
            via {target.via}, a code below it
          </Text>
        )}
      </Text>
      {target.relation && (
        <Tooltip label={`${target.via ? `${target.via}, a code below it: ` : ''}${relationSentence(target.relation)} (SKOS ${target.relation})`} multiline w={260} withArrow>
          <Text size="xs" c="dimmed" span style={{ whiteSpace: 'nowrap', cursor: 'help' }} data-testid="translation-target-relation">
            {relationWords[target.relation]}
          </Text>
        </Tooltip>
      )}
      {target.weight !== undefined && (
        <Tooltip label={`The crosswalk puts ${sharePercent(target.weight)} of this code’s titles under ${target.code}.`} multiline w={260} withArrow>
          <Text size="xs" c="dimmed" span style={{ whiteSpace: 'nowrap', cursor: 'help' }} data-testid="translation-target-share">
            {sharePercent(target.weight)}
          </Text>
        </Tooltip>
      )}
      <Tooltip label={pathDescriptions[target.path]} multiline w={260} withArrow>
        <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }} data-testid="translation-target-path">
          {pathLabels[target.path]}
        </Badge>
      </Tooltip>
    </Group>
  );
}
