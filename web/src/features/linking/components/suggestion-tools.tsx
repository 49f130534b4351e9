import { ActionIcon, Button, Checkbox, CloseButton, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconBulb, IconChevronDown, IconLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import type { PhaseLabels } from '../../../lib/job-progress';
import { notifyAdmin } from '../../../lib/notify';
import { fetchCrosswalkSets } from '../api/crosswalk-sets';
import { linkKeys, schemePair } from '../api/link-keys';
import { linkSuggestionKeys, useLinkChainedCandidates, usePairSuggestionsQuery, useStartLinkSuggestions } from '../api/link-suggestions';
import { chainedCandidateCount } from '../suggestion-walk';
import { chainedCandidatesQuestion, chainedLinksNotice, suggestionRunOutcome } from '../suggestion-words';

/** What people read for the phases of a `links.suggest` job. */
export const suggestPhaseLabels: PhaseLabels<'links.suggest'> = {
  gathering: 'Gathering evidence',
  scoring: 'Scoring candidates',
  storing: 'Storing candidates',
  done: 'Candidates stored',
};

interface SuggestionToolsProps {
  source: SchemeId;
  target: SchemeId;
  /** A suggestion job of the page is running (or its failure still shown): no second one is started. */
  jobShown: boolean;
  onStarted: (jobId: string) => void;
  /** Chained candidates became links of this pair. */
  onLinksChanged: (pair: readonly [SchemeId, SchemeId]) => void;
}

/**
 * Admins' tools for the pair's suggestions (issue 31): run the suggestion job (for the leaves not
 * linked yet, or all leaves), followed live until it finishes with a notice of what it did; and
 * turn the chained candidates into links, as one crosswalk set.
 */
export function SuggestionTools({ source, target, jobShown, onStarted, onLinksChanged }: SuggestionToolsProps) {
  const [dialog, setDialog] = useState<'suggest' | 'chains' | null>(null);
  const pairLabel = `${schemeById(source).label} → ${schemeById(target).label}`;

  return (
    <>
      <Group gap={0} wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconBulb size={16} />}
          onClick={() => setDialog('suggest')}
          disabled={jobShown}
          style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          data-testid="suggest-links"
        >
          Suggest links
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label="More suggestion tools" style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }} data-testid="suggestion-tools-menu">
              <IconChevronDown size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconLink size={16} />} onClick={() => setDialog('chains')} data-testid="link-chained-candidates">
              Link chained candidates…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal opened={dialog === 'suggest'} onClose={() => setDialog(null)} title={`Suggest links ${pairLabel}`} closeButtonProps={{ 'aria-label': 'Close' }}>
        {dialog === 'suggest' && (
          <SuggestDialog
            source={source}
            target={target}
            onStarted={(started) => {
              onStarted(started);
              setDialog(null);
            }}
            onClose={() => setDialog(null)}
          />
        )}
      </Modal>
      <Modal opened={dialog === 'chains'} onClose={() => setDialog(null)} title="Link chained candidates" closeButtonProps={{ 'aria-label': 'Close' }}>
        {dialog === 'chains' && <ChainsDialog source={source} target={target} pairLabel={pairLabel} onLinksChanged={onLinksChanged} onClose={() => setDialog(null)} />}
      </Modal>
    </>
  );
}

interface SuggestionJobProps {
  jobId: string;
  source: SchemeId;
  target: SchemeId;
  /** The job completed: the pair's candidates are new. */
  onSuggested: () => void;
  onClose: () => void;
}

/**
 * The running suggestion job, live, under the page's toolbar; once it completes, a notice says
 * what it did and the card goes; a failed job's card stays with its reason until closed.
 */
export function SuggestionJob({ jobId, source, target, onSuggested, onClose }: SuggestionJobProps) {
  const queryClient = useQueryClient();
  const [finished, setFinished] = useState(false);
  const onFinish = useCallback(
    (job: JobRun) => {
      const pairLabel = `${schemeById(source).label} → ${schemeById(target).label}`;
      void queryClient.invalidateQueries({ queryKey: linkSuggestionKeys.all });
      void queryClient.invalidateQueries({ queryKey: linkKeys.maps(schemePair(source, target)) });
      if (job.state === 'completed') {
        notifyAdmin({ title: `Suggestions for ${pairLabel}`, message: suggestionRunOutcome(job.result), color: 'teal' });
        onSuggested();
      } else notifyAdmin({ title: `Suggestions for ${pairLabel} stopped`, message: job.error ?? 'No reason was given.', color: 'red' });
    },
    [queryClient, source, target, onSuggested],
  );
  return (
    <div style={{ position: 'relative' }} data-testid="suggest-links-progress">
      <LiveJobProgressCard
        jobId={jobId}
        phaseLabels={suggestPhaseLabels}
        onFinish={(job) => {
          setFinished(true);
          onFinish(job);
          // A completed run's card has said what it had to: the notice carries its outcome.
          if (job.state === 'completed') onClose();
        }}
      />
      {finished && <CloseButton aria-label="Close the job's progress" pos="absolute" top={8} right={8} onClick={onClose} />}
    </div>
  );
}

function SuggestDialog({ source, target, onStarted, onClose }: { source: SchemeId; target: SchemeId; onStarted: (jobId: string) => void; onClose: () => void }) {
  const [all, setAll] = useState(false);
  const start = useStartLinkSuggestions();
  return (
    <Stack gap="md" data-testid="suggest-links-dialog">
      <Text size="sm">
        Finds up to ten {schemeById(target).label} codes for each leaf of {schemeById(source).label}, scored from the codes’ names and descriptions, titles coded in both schemes, the
        coder of {schemeById(target).label}, and chains through linked schemes. Rejected pairs are never suggested again.
      </Text>
      <Checkbox
        checked={all}
        onChange={(event) => setAll(event.currentTarget.checked)}
        label="All leaves"
        description={`Also the leaves already linked to ${schemeById(target).label}`}
        data-testid="suggest-links-all"
      />
      {start.error && (
        <Text size="sm" c="red" data-testid="suggest-links-error">
          {start.error.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          leftSection={<IconBulb size={16} />}
          loading={start.isPending}
          onClick={() => start.mutate({ source, target, ...(all ? { all } : {}) }, { onSuccess: ({ jobId }) => onStarted(jobId) })}
          data-testid="suggest-links-start"
        >
          Suggest
        </Button>
      </Group>
    </Stack>
  );
}

interface ChainsDialogProps {
  source: SchemeId;
  target: SchemeId;
  pairLabel: string;
  onLinksChanged: SuggestionToolsProps['onLinksChanged'];
  onClose: () => void;
}

/** How many chained candidates there are, asked before they are linked; then the set they became, in a notice. */
function ChainsDialog({ source, target, pairLabel, onLinksChanged, onClose }: ChainsDialogProps) {
  const queryClient = useQueryClient();
  const suggestions = usePairSuggestionsQuery(source, target, true);
  const chains = useLinkChainedCandidates();
  const count = suggestions.data ? chainedCandidateCount(suggestions.data.codes) : null;

  function confirm() {
    chains.mutate(
      { source, target },
      {
        async onSuccess({ setId, linked }) {
          const pair = schemePair(source, target);
          onLinksChanged(pair);
          void queryClient.invalidateQueries({ queryKey: linkKeys.maps(pair) });
          void queryClient.invalidateQueries({ queryKey: linkSuggestionKeys.all });
          const sets = setId === null ? null : await fetchCrosswalkSets(pair).catch(() => null);
          const name = setId === null ? null : (sets?.sets.find((set) => set.id === setId)?.name ?? 'Chained candidates');
          notifyAdmin({ message: chainedLinksNotice(linked, name), color: linked > 0 ? 'teal' : 'gray' });
          onClose();
        },
      },
    );
  }

  return (
    <Stack gap="md" data-testid="link-chained-dialog">
      {suggestions.isPending ? (
        <Text size="sm" c="dimmed">
          Counting the chained candidates…
        </Text>
      ) : suggestions.error ? (
        <Text size="sm" c="red">
          {suggestions.error.message}
        </Text>
      ) : count === 0 ? (
        <Text size="sm" data-testid="link-chained-none">
          {pairLabel} has no chained candidates: run Suggest links once the schemes between them are linked.
        </Text>
      ) : (
        <Text size="sm" data-testid="link-chained-question" data-count={count}>
          {chainedCandidatesQuestion(count ?? 0, schemeById(source).label, schemeById(target).label)}
        </Text>
      )}
      {chains.error && (
        <Text size="sm" c="red" data-testid="link-chained-error">
          {chains.error.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button leftSection={<IconLink size={16} />} disabled={!count} loading={chains.isPending} onClick={confirm} data-testid="link-chained-confirm">
          Link them
        </Button>
      </Group>
    </Stack>
  );
}
