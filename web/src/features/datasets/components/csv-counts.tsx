import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ColumnCount, CsvProfile } from '../workers/csv-profile';

interface CsvCountsProps {
  fileChosen: boolean;
  profile: CsvProfile | null;
  titleColumn: string | null;
  codeColumn: string | null;
  scheme: string | null;
}

const number = (value: number) => value.toLocaleString('en');

/** SPEC §2: the count of unique titles, unique codes and valid codes (codes the chosen scheme has). */
export function CsvCounts({ fileChosen, profile, titleColumn, codeColumn, scheme }: CsvCountsProps) {
  const counting = profile !== null && !profile.done;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="wizard-counts" data-done={profile?.done || undefined}>
      <Count label="Rows" value={profile ? number(profile.rows) : null} counting={counting} hint={fileChosen ? 'after the header' : 'choose a file'} testId="wizard-count-rows" />
      <Count
        label="Unique titles"
        value={titleColumn && profile?.title ? distinct(profile.title) : null}
        counting={counting}
        hint={titleColumn ? emptyHint(profile?.title, 'title') : 'choose a title column'}
        testId="wizard-count-titles"
      />
      <Count
        label="Unique codes"
        value={codeColumn && profile?.code ? distinct(profile.code) : null}
        counting={counting}
        hint={codeColumn ? emptyHint(profile?.code, 'code') : 'choose a code column'}
        testId="wizard-count-codes"
      />
      <Count
        label="Valid codes"
        value={profile?.code && profile.validCodes !== null ? atLeast(profile.validCodes, profile.code.capped) : null}
        counting={counting}
        hint={!codeColumn ? 'choose a code column' : !scheme ? 'choose the scheme' : 'codes the scheme has'}
        testId="wizard-count-valid"
      />
    </SimpleGrid>
  );
}

function distinct(count: ColumnCount): ReactNode {
  return atLeast(count.distinct, count.capped);
}

/** A count that stopped at the cap reads 'at least N' (the cap keeps the tab's memory bounded). */
function atLeast(value: number, capped: boolean): ReactNode {
  if (!capped) return number(value);
  return (
    <>
      <Text span size="sm" fw={500}>
        at least{' '}
      </Text>
      {number(value)}
    </>
  );
}

function emptyHint(count: ColumnCount | null | undefined, what: string): string {
  if (!count || count.empty === 0) return `distinct, spaces trimmed`;
  return `${number(count.empty)} ${count.empty === 1 ? 'row has' : 'rows have'} no ${what}`;
}

interface CountProps {
  label: string;
  value: ReactNode | null;
  counting: boolean;
  hint: string;
  testId: string;
}

function Count({ label, value, counting, hint, testId }: CountProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId} data-counting={(value !== null && counting) || undefined}>
        {value ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {value !== null && counting ? 'counting…' : hint}
      </Text>
    </Paper>
  );
}
