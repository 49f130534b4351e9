import { CloseButton, Combobox, Group, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { createCodeSearchIndex, searchCodes, shortDescription } from '../lib/code-search';

/** Typing settles for this long before the (fuzzy, whole-scheme) search runs. */
const searchDelay = 150;

/**
 * SPEC §9: the dropdown may take up to 75% of the window's height, but no more than the room
 * below (or above) the box, which floating-ui measures and hands over as a CSS variable.
 */
const dropdownMiddlewares = {
  flip: true,
  shift: true,
  size: {
    padding: 8,
    apply({ availableHeight, elements }: { availableHeight: number; elements: { floating: HTMLElement } }) {
      elements.floating.style.setProperty('--code-search-room', `${Math.max(160, availableHeight - 16)}px`);
    },
  },
};

interface CodeSearchProps {
  lookup: Readonly<Record<string, CodeRecord>>;
  /** A result was chosen: its value. */
  onChoose: (value: string) => void;
  placeholder?: string;
  /**
   * The term, when the caller keeps it (the linking page sets it from the keyboard and resets it);
   * typing reports it through `onSearchChange`. A term set from outside opens the results.
   */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** The box gained (true) or lost (false) focus. */
  onFocusChange?: (focused: boolean) => void;
  /** Reorders the results of a term (the review's tree puts exact matches and occupations first). */
  rank?: (results: CodeRecord[], term: string) => CodeRecord[];
  'data-testid'?: string;
}

/**
 * Fuzzy search over a scheme's codes by name and description (SPEC §9 constants), listing
 * name, code and the start of the description. Choosing a result hands its value over.
 */
export function CodeSearch({
  lookup,
  onChoose,
  placeholder = 'Search codes by name or description',
  search: givenSearch,
  onSearchChange,
  onFocusChange,
  rank,
  'data-testid': testId,
}: CodeSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [ownSearch, setOwnSearch] = useState('');
  const search = givenSearch ?? ownSearch;
  // The last term typed here: any other term came from outside.
  const typed = useRef(search);
  const setSearch = (value: string) => {
    typed.current = value;
    setOwnSearch(value);
    onSearchChange?.(value);
  };
  useEffect(() => {
    if (search === typed.current) return;
    typed.current = search;
    if (search.trim() === '') combobox.closeDropdown();
    else combobox.openDropdown();
  }, [search, combobox]);
  const [settled] = useDebouncedValue(search, searchDelay);

  const records = useMemo(() => Object.values(lookup), [lookup]);
  const index = useMemo(() => createCodeSearchIndex(records), [records]);
  const resultsOf = useCallback(
    (term: string) => {
      const found = searchCodes(index, records, term);
      return rank ? rank(found, term) : found;
    },
    [index, records, rank],
  );
  const results = useMemo(() => resultsOf(settled), [resultsOf, settled]);
  const searching = search.trim() !== '' && settled !== search;
  // The best match stays highlighted as results come, so Enter picks it without ↓ first.
  const highlightBest = useEffectEvent(() => {
    if (combobox.dropdownOpened) combobox.selectFirstOption();
  });
  useEffect(() => {
    if (results.length > 0) highlightBest();
  }, [results]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        onChoose(value);
        combobox.closeDropdown();
      }}
      // The first option is preselected so Enter picks the best match.
      onOpen={() => combobox.selectFirstOption()}
      middlewares={dropdownMiddlewares}
    >
      <Combobox.Target>
        <TextInput
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onKeyDown={(event) => {
            // Enter typed before the results settled: the best match of what is in the box.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || !searching) return;
            const best = resultsOf(search)[0];
            event.preventDefault();
            if (!best) return;
            onChoose(best.value);
            combobox.closeDropdown();
          }}
          onFocus={() => {
            combobox.openDropdown();
            onFocusChange?.(true);
          }}
          onBlur={() => {
            combobox.closeDropdown();
            onFocusChange?.(false);
          }}
          placeholder={placeholder}
          aria-label="Search codes"
          leftSection={<IconSearch size={16} />}
          rightSection={
            search !== '' ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setSearch('')}
              />
            ) : null
          }
          data-testid={testId}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={search.trim() === ''} data-testid={testId ? `${testId}-dropdown` : undefined}>
        <Combobox.Options>
          <ScrollArea.Autosize mah="min(75vh, var(--code-search-room, 75vh))" type="auto">
            {results.length === 0 ? (
              <Combobox.Empty>{searching ? 'Searching…' : 'No code matches'}</Combobox.Empty>
            ) : (
              results.map((record) => <CodeOption key={record.value} record={record} testId={testId} />)
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function CodeOption({ record, testId }: { record: CodeRecord; testId?: string }) {
  const description = shortDescription(record.description);
  return (
    <Combobox.Option value={record.value} data-testid={testId ? `${testId}-option-${record.value}` : undefined}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} lineClamp={2} dir="auto" style={{ whiteSpace: 'pre-line' }}>
          {record.name}
        </Text>
        {record.label !== record.name && (
          <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }} dir="auto">
            {record.label}
          </Text>
        )}
      </Group>
      {description && (
        <Text size="xs" c="dimmed" dir="auto">
          {description}
        </Text>
      )}
    </Combobox.Option>
  );
}
