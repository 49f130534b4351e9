import { Alert, Badge, Button, Code, Group, Kbd, Paper, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { LinkSuggestion, LinkSuggestions } from '@og/shared/contracts/link-suggestions';
import { linkedCodes } from '../link-facts';
import type { LinkMaps, LinkRelation } from '@og/shared/contracts/links';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { suggestionKeys } from '../suggestion-keys';
import { currentCandidates, currentCode, maxNumberedCandidates, type SuggestionWalk } from '../suggestion-walk';
import { evidenceLine, scorePercent } from '../suggestion-words';
import classes from './linking.module.css';

export interface SuggestionReviewProps {
  source: SchemeId;
  target: SchemeId;
  walk: SuggestionWalk;
  /** The pair's answer (undefined while it loads) and why it failed, if it did. */
  suggestions: LinkSuggestions | undefined;
  error: Error | null;
  sourceLookup: Readonly<Record<string, CodeRecord>> | undefined;
  targetLookup: Readonly<Record<string, CodeRecord>> | undefined;
  maps: LinkMaps | undefined;
  /** The relation picker's: what chosen candidates are linked with. */
  relation: LinkRelation;
  canEdit: boolean;
  onToggle: (index: number) => void;
  onReject: (index: number) => void;
  onSave: () => void;
  onPrevious: () => void;
  onRestart: () => void;
}

const countFormat = new Intl.NumberFormat('en');

/**
 * The Suggestions mode (issue 31): the source codes one at a time, best-scoring first, with their
 * candidates, score and evidence; chosen and rejected by keyboard (or pointer), Enter saving.
 */
export function SuggestionReview(props: SuggestionReviewProps) {
  const { source, target, walk, suggestions, error } = props;
  let body;
  if (error)
    body = (
      <Alert color="red" variant="light" title="The suggestions could not be loaded" data-testid="suggestion-review-error">
        {error.message}
      </Alert>
    );
  else if (!suggestions)
    body = (
      <Text size="sm" c="dimmed" data-testid="suggestion-review-loading">
        Loading the suggestions…
      </Text>
    );
  else if (walk.order.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="suggestion-review-empty">
        {suggestions.run === null
          ? `No suggestions for ${schemeById(source).label} → ${schemeById(target).label} yet.${props.canEdit ? ' Run Suggest links to find candidates.' : ''}`
          : `Every suggestion for ${schemeById(source).label} → ${schemeById(target).label} has been dealt with.`}
      </Text>
    );
  else if (currentCode(walk) === null)
    body = (
      <Group justify="space-between" data-testid="suggestion-review-done">
        <Text size="sm">All {countFormat.format(walk.order.length)} suggested codes seen.</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={props.onPrevious}>
            Back
          </Button>
          <Button variant="light" size="xs" onClick={props.onRestart} data-testid="suggestion-review-restart">
            Start again
          </Button>
        </Group>
      </Group>
    );
  else body = <CurrentCode {...props} code={currentCode(walk)!} />;

  return (
    <Paper withBorder radius="md" p="md" data-testid="suggestion-review">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Suggestions · {schemeById(source).label} → {schemeById(target).label}
            {walk.order.length > 0 && currentCode(walk) !== null && (
              <span data-testid="suggestion-review-position">
                {' '}
                · code {countFormat.format(walk.index + 1)} of {countFormat.format(walk.order.length)}
              </span>
            )}
          </Text>
          <SuggestionKeysLine canEdit={props.canEdit} />
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}

/** The mode's keys, in one line (the page's shortcut help lists them too). */
function SuggestionKeysLine({ canEdit }: { canEdit: boolean }) {
  const shown = canEdit ? suggestionKeys : suggestionKeys.filter(({ edit }) => !edit);
  return (
    <Group gap={10} wrap="wrap" data-testid="suggestion-keys">
      {shown.map(({ keys, short }) => (
        <Group key={keys} gap={4} wrap="nowrap">
          <Kbd size="xs">{keys}</Kbd>
          <Text size="xs" c="dimmed">
            {canEdit || keys !== 'Enter' ? short : 'next code'}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function CurrentCode(props: SuggestionReviewProps & { code: string }) {
  const { code, walk, sourceLookup, targetLookup, maps, source, target, relation, canEdit } = props;
  const record = sourceLookup?.[code];
  const candidates = currentCandidates(walk);
  const linked = new Set(linkedCodes(maps, source, code, target));
  return (
    <Stack gap="xs" data-testid="suggestion-review-code" data-code={code}>
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Title order={3} size="h4" style={{ minWidth: 0, overflowWrap: 'anywhere' }} dir="auto" data-testid="suggestion-review-name">
          {record?.name ?? code}
        </Title>
        <Code>{record?.label ?? code}</Code>
      </Group>
      {candidates.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="suggestion-review-none-left">
          No candidates left for this code. Enter goes on.
        </Text>
      ) : (
        <Stack gap={2} data-testid="suggestion-candidates">
          {candidates.map((candidate, index) => (
            <CandidateRow
              key={candidate.code}
              candidate={candidate}
              index={index}
              record={targetLookup?.[candidate.code]}
              chosen={walk.chosen.includes(candidate.code)}
              highlighted={walk.highlighted === index}
              linked={linked.has(candidate.code)}
              canEdit={canEdit}
              onToggle={() => props.onToggle(index)}
              onReject={() => props.onReject(index)}
            />
          ))}
        </Stack>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" data-testid="suggestion-review-relation">
          {canEdit ? (
            <>
              Chosen candidates are linked as <b>{relation}</b> (the relation picker’s), with their score and evidence.
            </>
          ) : (
            'Only administrators link and reject.'
          )}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} disabled={walk.index === 0} onClick={props.onPrevious}>
            Back
          </Button>
          <Button size="xs" color="teal" rightSection={<Kbd size="xs">Enter</Kbd>} onClick={props.onSave} data-testid="suggestion-review-save">
            {walk.chosen.length > 0 ? `Link ${walk.chosen.length} and go on` : 'Next code'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

interface CandidateRowProps {
  candidate: LinkSuggestion;
  index: number;
  record: CodeRecord | undefined;
  chosen: boolean;
  highlighted: boolean;
  linked: boolean;
  canEdit: boolean;
  onToggle: () => void;
  onReject: () => void;
}

function CandidateRow({ candidate, index, record, chosen, highlighted, linked, canEdit, onToggle, onReject }: CandidateRowProps) {
  const number = index < maxNumberedCandidates ? String(index + 1) : null;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      className={classes.candidateRow}
      data-chosen={chosen}
      data-highlighted={highlighted}
      data-testid="suggestion-candidate"
      data-code={candidate.code}
    >
      <UnstyledButton onClick={onToggle} disabled={!canEdit} className={classes.candidateChoose} aria-pressed={chosen}>
        <Kbd size="sm" w={28} ta="center" style={{ flexShrink: 0 }}>
          {chosen ? <IconCheck size={12} /> : (number ?? '·')}
        </Kbd>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={chosen ? 600 : 400} truncate dir="auto" data-testid="suggestion-candidate-name">
              {record?.name ?? candidate.code}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {record?.label ?? candidate.code}
            </Text>
            {linked && (
              <Badge size="xs" color="teal" variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="suggestion-candidate-linked">
                linked
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate title={evidenceLine(candidate.evidence)} data-testid="suggestion-candidate-evidence">
            {candidate.relation} · {evidenceLine(candidate.evidence)}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap" w={110} style={{ flexShrink: 0 }}>
          <Progress value={candidate.score * 100} color="violet" size="sm" radius="xl" style={{ flex: 1 }} aria-hidden />
          <Text size="xs" fw={600} ff="monospace" w={36} ta="right" data-testid="suggestion-candidate-score">
            {scorePercent(candidate.score)}
          </Text>
        </Group>
      </UnstyledButton>
      {canEdit && (
        <UnstyledButton onClick={onReject} className={classes.candidateReject} aria-label={`Reject ${record?.name ?? candidate.code}`} data-testid="suggestion-candidate-reject">
          <IconX size={16} />
        </UnstyledButton>
      )}
    </Group>
  );
}
