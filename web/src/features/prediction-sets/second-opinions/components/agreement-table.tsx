import { Table, Text, Tooltip } from '@mantine/core';
import type { LevelAgreementAnswer } from '@og/shared/contracts/second-opinions';
import { kappaOf, percentOf } from '../reviewer-labels';

/** Agreement per level of the scheme, from the top level down to whole codes: entries, percent agreement and Cohen's κ. */
export function AgreementTable({ levels, testId }: { levels: readonly LevelAgreementAnswer[]; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder verticalSpacing={6} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Level</Table.Th>
            <Table.Th ta="right">Entries</Table.Th>
            <Table.Th ta="right">Agreement</Table.Th>
            <Table.Th ta="right">Cohen’s κ</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {levels.map((level) => (
            <Table.Tr key={level.level} data-testid="agreement-level" data-level={level.level}>
              <Table.Td>{level.name}</Table.Td>
              <Table.Td ta="right" data-testid="agreement-entries">
                {level.entries.toLocaleString('en')}
              </Table.Td>
              <Table.Td ta="right" data-testid="agreement-percent">
                {percentOf(level.agreement)}
              </Table.Td>
              <Table.Td ta="right">
                {level.kappa === null ? (
                  <Tooltip label={level.kappaNote ?? 'κ cannot be computed here'} withArrow multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
                    <Text span size="sm" tabIndex={0} style={{ cursor: 'help', textDecoration: 'underline dotted' }} data-testid="agreement-kappa" data-kappa="">
                      —
                    </Text>
                  </Tooltip>
                ) : (
                  <Text span size="sm" data-testid="agreement-kappa" data-kappa={level.kappa}>
                    {kappaOf(level.kappa)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Why the κ of the levels that have none is missing, said once under the table. */
export function KappaNotes({ levels }: { levels: readonly LevelAgreementAnswer[] }) {
  const notes = [...new Set(levels.filter((level) => level.kappa === null && level.kappaNote).map((level) => level.kappaNote!))];
  if (notes.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="kappa-notes">
      κ — : {notes.join(' ')}
    </Text>
  );
}
