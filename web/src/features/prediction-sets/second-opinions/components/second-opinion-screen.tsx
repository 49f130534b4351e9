import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type PredictionSetDetail, splitPredictionUri } from '@og/shared/contracts/predictions';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { SchemeOption } from '../../../../components/scheme-select';
import { ApiError } from '../../../../lib/api-client';
import { notifyReview } from '../../../../lib/notify';
import { ChosenNodes } from '../../review/components/chosen-nodes';
import { PredictionList } from '../../review/components/prediction-list';
import { ShortcutsHelp } from '../../review/components/shortcuts-help';
import { ReviewTreeBrowser } from '../../review/components/review-tree-browser';
import { chosenCount, draftOf, type ReviewDraft, togglePrediction, toggleTreeNode } from '../../review/review-draft';
import { treeSchemeFor } from '../../review/tree-scheme';
import { useAnswerSecondOpinion, useNextSecondOpinion, useSecondOpinionCounts } from '../api/second-opinions';
import { type SecondOpinionAction, secondOpinionActionOf, secondOpinionShortcuts } from '../second-opinion-keys';
import { SecondOpinionCounts } from './second-opinion-counts';

interface SecondOpinionScreenProps {
  detail: PredictionSetDetail;
  schemes: readonly SchemeOption[];
}

const emptyMappings = { treeNodes: [], nodeURIs: [], predictionURIs: [], tags: [] };

/**
 * Double coding (issue 30): the entries offered for a second opinion, one at a time, blind: the
 * title, its predictions and the tree as in the review, never the first reviewer's codes. The
 * codes chosen are sent with Enter, and the next entry follows.
 */
export function SecondOpinionScreen({ detail, schemes }: SecondOpinionScreenProps) {
  const setId = detail.predictionSet.id;
  const counts = useSecondOpinionCounts(setId);
  const next = useNextSecondOpinion(setId);
  const answer = useAnswerSecondOpinion(setId);
  const entry = next.data?.predictionEntry;
  const nodeDetails = next.data?.nodeDetails ?? {};

  // The draft starts empty for every entry: the first mapping is never there to start from.
  const [drafted, setDrafted] = useState<{ string: string; draft: ReviewDraft } | null>(null);
  let draft = drafted?.draft;
  if (entry && drafted?.string !== entry.string) {
    draft = draftOf(emptyMappings);
    setDrafted({ string: entry.string, draft });
  }
  const update = useCallback((change: (draft: ReviewDraft) => ReviewDraft) => setDrafted((current) => (current ? { ...current, draft: change(current.draft) } : current)), []);

  const [treeScheme, setTreeScheme] = useState<SchemeId | null>(null);
  const [treeSelected, setTreeSelected] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const treeSearchRef = useRef<HTMLDivElement>(null);
  const scheme = treeSchemeFor(treeScheme, entry?.predictions);
  if (treeScheme === null && entry) setTreeScheme(scheme);

  const chosenKey = draft?.nodeURIs.join('\n') ?? '';
  const chosenURIs = useMemo(() => (chosenKey ? chosenKey.split('\n') : []), [chosenKey]);
  const toggleTreeNodeInDraft = useCallback((node: Parameters<typeof toggleTreeNode>[1]) => update((current) => toggleTreeNode(current, node)), [update]);
  const changeTreeScheme = useCallback((value: SchemeId) => {
    setTreeScheme(value);
    setTreeSelected(null);
  }, [setTreeScheme, setTreeSelected]);
  const showInTree = (uri: string) => {
    const { scheme: uriScheme, code } = splitPredictionUri(uri);
    if (!isSchemeId(uriScheme)) return;
    setTreeScheme(uriScheme);
    setTreeSelected(code);
  };

  const send = () => {
    if (!entry || !draft || answer.isPending) return;
    if (chosenCount(draft) === 0) {
      notifyReview({ message: 'Choose at least one code first', color: 'yellow' });
      return;
    }
    answer.mutate(
      { string: entry.string, coding: { nodeURIs: draft.nodeURIs, predictionURIs: draft.predictionURIs, tags: [] } },
      {
        onSuccess: () => notifyReview({ message: `Second opinion on ${entry.string} sent`, color: 'teal' }),
        onError: (error) =>
          notifyReview({
            title: error instanceof ApiError && error.status === 409 ? 'Someone answered it first' : 'Second opinion not sent',
            message: error.message,
            color: error instanceof ApiError && error.status === 409 ? 'yellow' : 'red',
          }),
      },
    );
  };

  const act = useEffectEvent((action: SecondOpinionAction) => {
    switch (action.kind) {
      case 'toggle-prediction': {
        const prediction = entry?.predictions[action.index];
        if (prediction) update((current) => togglePrediction(current, prediction.uris));
        break;
      }
      case 'focus-tree-search':
        treeSearchRef.current?.querySelector('input')?.focus();
        break;
      case 'send':
        send();
        break;
      case 'help':
        setHelpOpen((open) => !open);
        break;
    }
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || (event.repeat && event.key === 'Enter')) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const action = secondOpinionActionOf(event);
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Stack gap="md" data-testid="second-opinion-screen">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SecondOpinionCounts counts={counts.data} />
        <ShortcutsHelp opened={helpOpen} onChange={setHelpOpen} shortcuts={secondOpinionShortcuts} />
      </Group>
      {next.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : next.isError ? (
        <Alert color="red" title="The next entry could not be read">
          {next.error.message}
        </Alert>
      ) : !entry || !draft ? (
        <Paper withBorder radius="md" p="lg" data-testid="second-opinions-done">
          <Title order={2} size="h4">
            Nothing left for you
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Every entry offered for a second opinion that you may give has one. Entries you coded first go to someone else.
          </Text>
        </Paper>
      ) : (
        <>
          <Stack gap={0}>
            <Title order={2} dir="auto" style={{ wordBreak: 'break-word' }} data-testid="entry-string">
              {entry.string}
            </Title>
            <Text size="xs" c="dimmed">
              Coded blind: the first reviewer’s codes are not shown.
            </Text>
          </Stack>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="md">
                <ChosenNodes nodes={draft.treeNodes} onRemove={toggleTreeNodeInDraft} onShowInTree={showInTree} />
                <PredictionList
                  predictions={entry.predictions}
                  chosenURIs={draft.predictionURIs}
                  nodeDetails={nodeDetails}
                  onToggle={(uris) => update((current) => togglePrediction(current, uris))}
                  onShowInTree={showInTree}
                  noPredictionReason={entry.noPredictionReason}
                  language={entry.language}
                />
                <Group justify="flex-end">
                  <Button leftSection={<IconSend size={16} />} onClick={send} loading={answer.isPending} disabled={chosenCount(draft) === 0} data-testid="send-second-opinion">
                    Send ({chosenCount(draft)}) and next
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }} data-review-tree>
              {/* Drawn afresh for each entry, so its search starts empty (the review's own follows the review's address). */}
              <ReviewTreeBrowser
                key={entry.string}
                schemes={schemes}
                scheme={scheme}
                onSchemeChange={changeTreeScheme}
                selected={treeSelected}
                onSelect={setTreeSelected}
                onToggleNode={toggleTreeNodeInDraft}
                searchRef={treeSearchRef}
                chosenURIs={chosenURIs}
              />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
