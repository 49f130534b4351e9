import { Autocomplete, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchMinLength } from '@og/shared/contracts/predictions';
import { IconSearch } from '@tabler/icons-react';
import { type RefObject, useMemo, useState } from 'react';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { useEntrySearch } from '../api/search-entries';
import { formatConfidence } from '../confidence';

/** SPEC §9: the search waits 200 ms after the last key. */
const debounceMs = 200;

interface EntrySearchProps {
  setId: string;
  scope: ReviewScope;
  onChoose: (string: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** SPEC §2/§5: search the set's strings in scope: at least 3 characters, debounced 200 ms, at most 100 options. */
export function EntrySearch({ setId, scope, onChoose, inputRef }: EntrySearchProps) {
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value, debounceMs);
  const search = useEntrySearch(setId, term, scope);
  const active = term.trim().length >= searchMinLength;
  const options = useMemo(() => (active ? (search.data?.options ?? []) : []), [active, search.data]);
  const byString = useMemo(() => new Map(options.map((option) => [option.string, option])), [options]);

  return (
    <Autocomplete
      ref={inputRef}
      value={value}
      onChange={setValue}
      data={options.map((option) => option.string)}
      // The API already matched: every option it sent is shown, in its order.
      filter={({ options: all }) => all}
      limit={100}
      onOptionSubmit={(string) => {
        // The box empties once the Autocomplete has written the chosen option into it.
        window.setTimeout(() => setValue(''), 0);
        inputRef.current?.blur();
        onChoose(string);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') inputRef.current?.blur();
      }}
      leftSection={search.isFetching && active ? <Loader size={14} /> : <IconSearch size={16} />}
      placeholder="Search entries (3 characters or more)"
      aria-label="Search entries"
      w={{ base: '100%', sm: 340 }}
      maxDropdownHeight="60dvh"
      renderOption={({ option }) => {
        const found = byString.get(option.value);
        return (
          <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
            <Text size="sm" dir="auto" truncate="end">
              {option.value}
            </Text>
            {found && (
              <Text size="xs" c={found.mapped ? 'teal' : 'dimmed'} style={{ flexShrink: 0 }}>
                {found.mapped ? 'mapped' : formatConfidence(found.bestConf)}
              </Text>
            )}
          </Group>
        );
      }}
      data-testid="entry-search"
    />
  );
}
