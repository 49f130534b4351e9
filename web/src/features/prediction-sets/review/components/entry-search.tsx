import { Autocomplete, Box, Checkbox, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchMinLength } from '@og/shared/contracts/predictions';
import { IconSearch } from '@tabler/icons-react';
import { type RefObject, useMemo, useState } from 'react';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { useEntrySearch } from '../api/search-entries';
import { formatConfidence } from '../confidence';
import { isTickResultKey } from '../ticked-entries';
import classes from './entry-search.module.css';

/** SPEC §9: the search waits 200 ms after the last key. */
const debounceMs = 200;

interface EntrySearchProps {
  setId: string;
  scope: ReviewScope;
  onChoose: (string: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The entry on screen (not tickable), and the entries ticked beside it (issue 29). */
  entry: string | null;
  ticked: readonly string[];
  onToggleTick: (string: string) => void;
}

/** The result the keyboard has highlighted in the open list (Mantine names it by the input's aria-activedescendant). */
function highlightedResult(input: HTMLInputElement): string | null {
  const id = input.getAttribute('aria-activedescendant');
  const option = id ? document.getElementById(id) : null;
  return option?.querySelector<HTMLElement>('[data-entry-string]')?.dataset.entryString ?? null;
}

/**
 * SPEC §2/§5: search the set's strings in scope: at least 3 characters, debounced 200 ms, at most
 * 100 options. Beyond SPEC (issue 29) each result but the entry on screen can be ticked, by its
 * box or Shift+Enter on the highlighted one, to be saved with the entry; the list stays open.
 */
export function EntrySearch({ setId, scope, onChoose, inputRef, entry, ticked, onToggleTick }: EntrySearchProps) {
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value, debounceMs);
  const search = useEntrySearch(setId, term, scope);
  const active = term.trim().length >= searchMinLength;
  const options = useMemo(() => (active ? (search.data?.options ?? []) : []), [active, search.data]);
  const byString = useMemo(() => new Map(options.map((option) => [option.string, option])), [options]);

  return (
    <Box
      w={{ base: '100%', sm: 340 }}
      onKeyDownCapture={(event) => {
        // Ahead of the list's own Enter (which opens the result): Shift+Enter ticks it instead.
        if (!isTickResultKey(event) || !inputRef.current) return;
        const string = highlightedResult(inputRef.current);
        if (string === null || string === entry) return;
        event.preventDefault();
        event.stopPropagation();
        onToggleTick(string);
      }}
    >
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
        maxDropdownHeight="60dvh"
        renderOption={({ option }) => {
          const found = byString.get(option.value);
          return (
            <Group gap="xs" justify="space-between" wrap="nowrap" w="100%" data-entry-string={option.value}>
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                {/* A box drawn, not a control: an option holds none. A click ticks the result, leaving it unopened and the list open. */}
                {option.value !== entry && (
                  <Checkbox.Indicator
                    size="xs"
                    color="teal"
                    checked={ticked.includes(option.value)}
                    className={classes.tick}
                    onClick={(event) => {
                      event.stopPropagation();
                      onToggleTick(option.value);
                    }}
                    onMouseDown={(event) => event.preventDefault()}
                    title="Tick to save with this entry (Shift+Enter)"
                    aria-hidden
                    data-testid="entry-search-tick"
                  />
                )}
                <Text size="sm" dir="auto" truncate="end">
                  {option.value}
                </Text>
                {ticked.includes(option.value) && <VisuallyHidden>(ticked)</VisuallyHidden>}
              </Group>
              {found && (
                <Text size="xs" className={classes.fact} data-mapped={found.mapped || undefined}>
                  {found.mapped ? 'mapped' : formatConfidence(found.bestConf)}
                </Text>
              )}
            </Group>
          );
        }}
        data-testid="entry-search"
      />
    </Box>
  );
}
