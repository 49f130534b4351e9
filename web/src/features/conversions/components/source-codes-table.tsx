import { Anchor, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ConversionSourceCode } from '@og/shared/contracts/conversions';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { formatAmount, formatFraction, pathLabels, reasonLabels } from '../conversion-format';
import { conversionCodePath } from '../conversion-paths';
import { usePagedList } from '../hooks/use-paged-list';
import { PagedListControls } from './paged-list-controls';

/** Targets shown in a row before '+N more'. */
const shownTargets = 4;

interface SourceCodesTableProps {
  conversionId: string;
  codes: readonly ConversionSourceCode[];
  /** What the list is, for its count and search box ('problematic codes', 'source codes'). */
  noun: string;
  testId: string;
}

/** Source codes of the conversion (problematic first), each opening its diagram: where it went, with what share, and its state. */
export function SourceCodesTable({ conversionId, codes, noun, testId }: SourceCodesTableProps) {
  const textOf = useCallback((code: ConversionSourceCode) => `${code.code} ${code.name} ${code.targets.map((target) => `${target.code} ${target.name}`).join(' ')}`, []);
  const list = usePagedList(codes, textOf);

  return (
    <Stack gap="sm">
      <PagedListControls list={list} total={codes.length} noun={noun} placeholder="Search codes and names" data-testid={testId} />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" highlightOnHover data-testid={`${testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source code</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
                <Table.Th>Targets</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.shown.map((code) => (
                <Table.Tr key={code.uri} data-testid="source-code-row" data-uri={code.uri} data-problematic={code.problematic} data-decided={code.decided}>
                  <Table.Td maw={320}>
                    <Anchor component={Link} to={conversionCodePath(conversionId, code.uri)} size="sm" fw={500} data-testid="source-code-link">
                      {code.name || code.code}
                    </Anchor>
                    <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {code.code}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatAmount(code.occurrences)}</Table.Td>
                  <Table.Td>
                    <TargetList code={code} />
                  </Table.Td>
                  <Table.Td>
                    <SourceCodeState code={code} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {list.shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {codes.length === 0 ? `No ${noun}.` : 'No code matches.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function TargetList({ code }: { code: ConversionSourceCode }) {
  if (code.targets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const rest = code.targets.length - shownTargets;
  return (
    <Group gap={4}>
      {code.targets.slice(0, shownTargets).map((target) => (
        <Tooltip key={target.code} label={`${target.name} · ${pathLabels[target.path]}${target.relation ? ` · ${target.relation}` : ''}`} withArrow multiline maw={300}>
          <Badge variant="outline" color={target.path === 'direct' ? 'teal' : target.path === 'two-hop' ? 'indigo' : 'orange'} tt="none" radius="sm">
            {target.code} · {formatFraction(target.share)}
          </Badge>
        </Tooltip>
      ))}
      {rest > 0 && (
        <Text size="xs" c="dimmed">
          +{formatAmount(rest)} more
        </Text>
      )}
    </Group>
  );
}

function SourceCodeState({ code }: { code: ConversionSourceCode }) {
  if (code.reason) {
    return (
      <Badge variant="light" color="gray" tt="none">
        Not converted: {reasonLabels[code.reason]}
      </Badge>
    );
  }
  if (code.decided) {
    return (
      <Badge variant="light" color="teal" tt="none">
        Decided
      </Badge>
    );
  }
  if (code.problematic) {
    return (
      <Badge variant="light" color="orange" tt="none">
        Problematic
      </Badge>
    );
  }
  return (
    <Badge variant="transparent" color="gray" tt="none">
      Converted
    </Badge>
  );
}
