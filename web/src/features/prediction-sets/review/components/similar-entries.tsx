import { Badge, Checkbox, Group, Kbd, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { SimilarEntries as SimilarEntriesList } from '@og/shared/contracts/predictions';
import { type KeyboardEvent, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { formatConfidence } from '../confidence';
import { useSimilarEntries } from '../hooks/use-similar-entries';
import { isKeyboardBusy } from '../review-shortcuts';
import { isTickAllKey, rowsWords, similarReasonWords } from '../ticked-entries';
import classes from './similar-entries.module.css';

type SimilarEntry = SimilarEntriesList['entries'][number];

interface SimilarEntriesProps {
  setId: string;
  /** The entry on screen. */
  string: string;
  /** The entries ticked beside it, here or in the entry search. */
  ticked: readonly string[];
  onToggle: (string: string) => void;
  /** `a`: tick every entry shown (or untick them when all are). */
  onTickAll: (shown: readonly string[]) => void;
  /** Enter in the list: save the entry and the ticked ones. */
  onSave: () => void;
}

const reasonTooltips: Record<SimilarEntry['reason'], string> = {
  'same-title': 'The same title up to case, accents, spacing and punctuation',
  similar: 'Spelled alike or sharing words',
};

/**
 * Issue 29 'Similar entries', beside the entry on screen: the set's unmapped entries most like it,
 * with their rows and why they are listed; those ticked (here, by `a`, or in the entry search)
 * are saved with the entry, mapped the same. In the list ↑/↓ move, Space ticks, `a` ticks all,
 * Enter saves and Escape leaves it.
 */
export function SimilarEntries({ setId, string, ticked, onToggle, onTickAll, onSave }: SimilarEntriesProps) {
  const similar = useSimilarEntries(setId, string);
  const listRef = useRef<HTMLDivElement>(null);
  const entries = useMemo(() => similar.data?.entries.filter((entry) => entry.string !== string) ?? [], [similar.data, string]);
  const shown = useMemo(() => entries.map((entry) => entry.string), [entries]);
  // Entries ticked in the search show here too, so the list says everything the save maps.
  const fromSearch = ticked.filter((tick) => !shown.includes(tick));

  const tickAll = useEffectEvent(() => onTickAll(shown));
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || !isTickAllKey(event)) return;
      if (isKeyboardBusy(event.target, event.key)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      tickAll();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The review's own keys rest while a checkbox has the focus: the list answers those it needs.
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const boxes = [...(listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    if (isTickAllKey(event)) {
      event.preventDefault();
      onTickAll(shown);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur();
      onSave();
    } else if (event.key === 'Escape') {
      (document.activeElement as HTMLElement | null)?.blur();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && at !== -1) {
      event.preventDefault();
      boxes[Math.min(boxes.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="similar-entries" aria-label="Similar entries" component="section">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Similar entries
        </Text>
        {shown.length > 0 && (
          <Text size="xs" c="dimmed">
            <Kbd size="xs">a</Kbd> ticks all
          </Text>
        )}
      </Group>
      <Stack gap={2} ref={listRef} onKeyDown={onListKeyDown} data-testid="similar-entries-list">
        {entries.map((entry) => (
          <SimilarEntryRow key={entry.string} entry={entry} ticked={ticked.includes(entry.string)} onToggle={onToggle} />
        ))}
        {fromSearch.map((tick) => (
          <SimilarEntryRow key={tick} entry={{ string: tick }} ticked onToggle={onToggle} />
        ))}
      </Stack>
      {similar.isError ? (
        <Text size="sm" c="dimmed">
          The similar entries could not be read.
        </Text>
      ) : !similar.data ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Looking for entries like this one…
          </Text>
        </Group>
      ) : (
        entries.length === 0 &&
        fromSearch.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="no-similar-entries">
            No other unmapped entry is like this one.
          </Text>
        )
      )}
      {ticked.length > 0 && (
        <Text size="xs" mt={6} data-testid="similar-entries-ticked">
          Saving maps {ticked.length === 1 ? 'the ticked entry' : `the ${ticked.length} ticked entries`} the same as this one.
        </Text>
      )}
    </Paper>
  );
}

function SimilarEntryRow({ entry, ticked, onToggle }: { entry: SimilarEntry | { string: string }; ticked: boolean; onToggle: (string: string) => void }) {
  const listed = 'reason' in entry ? entry : null;
  const rows = listed ? rowsWords(listed.occurrences) : null;
  return (
    <Group
      component="label"
      gap="xs"
      wrap="nowrap"
      justify="space-between"
      className={classes.row}
      data-ticked={ticked || undefined}
      data-testid="similar-entry"
      data-string={entry.string}
      data-reason={listed?.reason ?? 'search'}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Checkbox
          checked={ticked}
          onChange={() => onToggle(entry.string)}
          onClick={(event) => {
            // A mouse click leaves Enter to the review (save), not to the box clicked.
            if (event.detail > 0) event.currentTarget.blur();
          }}
          size="xs"
          color="teal"
          aria-label={`Tick ${entry.string}`}
        />
        <Text size="sm" dir="auto" className={classes.string}>
          {entry.string}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {rows && (
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {rows}
          </Text>
        )}
        {listed ? (
          <>
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatConfidence(listed.bestConf)}
            </Text>
            <Tooltip label={reasonTooltips[listed.reason]} withArrow>
              <Badge size="xs" variant="light" color={listed.reason === 'same-title' ? 'teal' : 'gray'}>
                {similarReasonWords[listed.reason]}
              </Badge>
            </Tooltip>
          </>
        ) : (
          <Badge size="xs" variant="light" color="blue">
            From the search
          </Badge>
        )}
      </Group>
    </Group>
  );
}
