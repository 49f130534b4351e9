import { ActionIcon, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { NodeDetail, PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { languageLabel } from '@og/shared/domain/languages';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { EntryContextLines } from './entry-context';
import classes from './review.module.css';

type Entry = PredictionEntryAnswer['predictionEntry'];

interface EntryTitleProps {
  entry: Entry;
  totalsColumns: readonly string[];
  /** The answer's node details, naming the reference and dataset codes of the entry's context. */
  nodeDetails: Readonly<Record<string, NodeDetail>>;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * SPEC §2: the current string as title with previous and next buttons; beyond SPEC, its language
 * when known, how often the title occurs and what its rows kept (issue 28).
 */
export function EntryTitle({ entry, totalsColumns, nodeDetails, onPrevious, onNext }: EntryTitleProps) {
  const facts = [
    entry.occurrences > 0 ? `${entry.occurrences.toLocaleString('en')} ${entry.occurrences === 1 ? 'row' : 'rows'}` : null,
    ...entry.totals.map((total, index) => `${totalsColumns[index] ?? `total ${index + 1}`}: ${total.toLocaleString('en')}`),
    entry.unknownURIs.length ? `${entry.unknownURIs.length} predicted ${entry.unknownURIs.length === 1 ? 'code is' : 'codes are'} not in the scheme` : null,
  ].filter((fact): fact is string => fact !== null);
  const language = entry.language ? languageLabel(entry.language) : null;
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Tooltip label="Previous entry (←)" withArrow>
        <ActionIcon variant="default" size="lg" onClick={(event) => {
            onPrevious();
            // A mouse click leaves Enter to the review (save), not to this button.
            if (event.detail > 0) event.currentTarget.blur();
          }} disabled={entry.prev === null} aria-label="Previous entry" data-testid="previous-entry">
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="nowrap" align="center">
          <Title order={2} className={classes.title} style={{ minWidth: 0 }} dir="auto" data-testid="entry-string">
            {entry.string}
          </Title>
          {language && (
            <Tooltip label="The title’s language" withArrow>
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }} data-testid="entry-language" data-language={entry.language}>
                {language}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {facts.length > 0 && (
          <Text size="xs" c="dimmed">
            {facts.join(' · ')}
          </Text>
        )}
        <EntryContextLines context={entry.context} nodeDetails={nodeDetails} />
      </Stack>
      <Tooltip label="Next entry (→)" withArrow>
        <ActionIcon variant="default" size="lg" onClick={(event) => {
            onNext();
            if (event.detail > 0) event.currentTarget.blur();
          }} disabled={entry.next === null} aria-label="Next entry" data-testid="next-entry">
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
