import { Group, Select, Text, type ComboboxItem, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import type { SchemeSummary } from '@og/shared/contracts/schemes';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { type ReactNode, useMemo } from 'react';
import { matchesWordPrefix } from '../lib/word-prefix';

/** A scheme to offer: the registry's id and label, with its size once the API has told it. */
export type SchemeOption = Pick<SchemeSummary, 'id' | 'label'> & Partial<Pick<SchemeSummary, 'codeCount' | 'description'>>;

interface SchemeSelectProps {
  schemes: readonly SchemeOption[];
  value: string | null;
  onChange: (schemeId: SchemeId) => void;
  /** A scheme not to offer (the one chosen on the other side of the linking page). */
  exclude?: string | null;
  label?: string;
  /** Shown under the input. */
  description?: ReactNode;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Percent per scheme id, shown beside each scheme instead of its number of codes (how many of a file's codes are its codes). */
  codeShares?: ReadonlyMap<string, number>;
  'data-testid'?: string;
}

/** Matches the start of any word of the scheme's label or id, ignoring case ('net' finds O*NET). */
const wordPrefixFilter: OptionsFilter = ({ options, search }) =>
  (options as ComboboxParsedItem[]).filter((option) => {
    if ('group' in option) return true;
    return matchesWordPrefix(`${option.label} ${option.value}`, search);
  });

const countFormat = new Intl.NumberFormat('en');

/** A scheme's number of codes, once the API has told it. */
function sizeOf(scheme: SchemeOption | undefined): string | null {
  if (scheme?.codeCount === undefined) return null;
  return scheme.codeCount === 0 ? 'no codes' : `${countFormat.format(scheme.codeCount)} codes`;
}

/** The searchable 'Select scheme' dropdown: every scheme with its number of codes, or its share of given codes. */
export function SchemeSelect({
  schemes,
  value,
  onChange,
  exclude = null,
  label = 'Select scheme',
  description,
  error,
  disabled,
  placeholder = 'Type to search schemes',
  codeShares,
  'data-testid': testId,
}: SchemeSelectProps) {
  const data = useMemo(
    () => schemes.filter((scheme) => scheme.id !== exclude).map((scheme) => ({ value: scheme.id, label: scheme.label })),
    [schemes, exclude],
  );
  const byId = useMemo(() => new Map<string, SchemeOption>(schemes.map((scheme) => [scheme.id, scheme])), [schemes]);

  const renderOption = ({ option }: { option: ComboboxItem }) => {
    const share = codeShares?.get(option.value);
    const aside = share === undefined ? sizeOf(byId.get(option.value)) : `${share}%`;
    return (
      <Group justify="space-between" wrap="nowrap" w="100%" gap="sm" data-testid={testId ? `${testId}-option-${option.value}` : undefined}>
        <Text size="sm">{option.label}</Text>
        {aside !== null && (
          <Text size="xs" c="dimmed" data-testid={testId && share !== undefined ? `${testId}-share-${option.value}` : undefined}>
            {aside}
          </Text>
        )}
      </Group>
    );
  };

  return (
    <Select
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next) => {
        if (next && isSchemeId(next)) onChange(next);
      }}
      searchable
      allowDeselect={false}
      filter={wordPrefixFilter}
      renderOption={renderOption}
      nothingFoundMessage="No scheme matches"
      maxDropdownHeight={360}
      comboboxProps={{ shadow: 'md' }}
      data-testid={testId}
    />
  );
}
