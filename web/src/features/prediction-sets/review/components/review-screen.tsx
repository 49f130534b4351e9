import { Alert, Anchor, Breadcrumbs, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type PredictionSetDetail, type SimilarEntries as SimilarEntriesList, splitPredictionUri } from '@og/shared/contracts/predictions';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuditDrawn } from '@og/shared/contracts/audits';
import type { SchemeOption } from '../../../../components/scheme-select';
import { LiveJobProgressCard } from '../../../../components/live-job-progress-card';
import { notifyReview } from '../../../../lib/notify';
import { predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';
import { useLivePredictionSet } from '../../../../lib/prediction-sets/use-live-prediction-set';
import { auditKeys, useAnswerAudit, useAudit } from '../api/audits';
import { usePredictionSetDetail } from '../api/get-prediction-set-detail';
import { answeredCount, auditNeighbour, nextUnanswered } from '../audit-walk';
import { similarEntriesKeys } from '../api/get-similar-entries';
import { useReviewDraft } from '../hooks/use-review-draft';
import { useReviewEntry } from '../hooks/use-review-entry';
import { useReviewKeyboard } from '../hooks/use-review-keyboard';
import { useReviewScope } from '../hooks/use-review-scope';
import { useSaveEntry } from '../hooks/use-save-entry';
import { useTickedEntries } from '../hooks/use-ticked-entries';
import { unsavedDrafts } from '../mapping-conflicts';
import { type ReviewAddress, reviewEntryPath } from '../review-address';
import { treeSchemeFor } from '../tree-scheme';
import { chosenCount, togglePrediction, toggleTreeNode, withTags } from '../review-draft';
import type { ReviewAction } from '../review-shortcuts';
import { AwaitingSecondOpinion } from '../../second-opinions/components/awaiting-second-opinion';
import { AccuracyModal } from './accuracy-modal';
import { PredictionSetLoading, PredictionSetReadError } from './prediction-set-read-states';
import { AuditBar, AuditSummary } from './audit-panel';
import { type BulkBatch, BulkAcceptModal } from './bulk-accept-modal';
import { ChosenNodes } from './chosen-nodes';
import { DropZone } from './drop-zone';
import { EntryLoadError } from './entry-load-error';
import { EntrySearch } from './entry-search';
import { EntryTitle } from './entry-title';
import { MappingConflictModal } from './mapping-conflict-modal';
import { PredictionList } from './prediction-list';
import { ReviewFooter } from './review-footer';
import { ReviewInfoCard } from './review-info-card';
import { ReviewTreeBrowser } from './review-tree-browser';
import { ShortcutsHelp } from './shortcuts-help';
import { SimilarEntries } from './similar-entries';

export interface ReviewScreenProps {
  address: ReviewAddress;
  /** The entry the address names (decoded), or null for the first one. */
  string: string | null;
  schemes: readonly SchemeOption[];
}

/** SPEC §2 "Review screen": one prediction set, entry by entry. */
export function ReviewScreen(props: ReviewScreenProps) {
  const detail = usePredictionSetDetail(props.address.setRef);
  const queryClient = useQueryClient();
  if (detail.isPending) return <PredictionSetLoading />;
  if (detail.isError) return <PredictionSetReadError error={detail.error} failure={{ title: 'Internal server error', message: 'Please contact an administrator' }} />;
  const set = detail.data.predictionSet;
  if (set.state !== 'ready') {
    return (
      <Stack gap="md" maw={640}>
        <ReviewBreadcrumbs detail={detail.data} />
        {set.state === 'failed' ? (
          <Alert color="red" title="The prediction set could not be imported">
            {set.error}
          </Alert>
        ) : set.jobId ? (
          <LiveJobProgressCard jobId={set.jobId} onFinish={() => void queryClient.invalidateQueries({ queryKey: predictionSetKeys.set(props.address.setRef) })} />
        ) : (
          <Text>The prediction set is being imported.</Text>
        )}
      </Stack>
    );
  }
  return <ReviewWorkspace {...props} detail={detail.data} />;
}

/** Datasets / the dataset's title / the set's name, or for a standalone set Review / the set's name (never its slug). */
function ReviewBreadcrumbs({ detail }: { detail: PredictionSetDetail }) {
  return (
    <Breadcrumbs data-testid="review-breadcrumbs" styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
      {detail.dataset ? (
        <Anchor component={Link} to="/datasets/list" size="sm">
          Datasets
        </Anchor>
      ) : (
        <Anchor component={Link} to="/review" size="sm">
          Review
        </Anchor>
      )}
      {detail.dataset && (
        <Text size="sm" dir="auto" data-testid="review-breadcrumbs-dataset">
          {detail.dataset.title}
        </Text>
      )}
      <Text size="sm" dir="auto" style={{ wordBreak: 'break-word' }} data-testid="review-breadcrumbs-set">
        {detail.predictionSet.name}
      </Text>
    </Breadcrumbs>
  );
}

/** Whether a 'Similar entries' list holds one of the strings. */
function namesAny(list: SimilarEntriesList | undefined, strings: readonly string[]): boolean {
  return list !== undefined && list.entries.some((entry) => strings.includes(entry.string));
}

function ReviewWorkspace({ address, string, schemes, detail }: ReviewScreenProps & { detail: PredictionSetDetail }) {
  const set = detail.predictionSet;
  const setId = set.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { scope, changeScope, search } = useReviewScope(detail);
  const entryQuery = useReviewEntry(setId, string, scope, address, search);
  const answer = entryQuery.data;
  const entry = answer && (string === null || answer.predictionEntry.string === string) ? answer.predictionEntry : undefined;
  const { draft, changed, update, baseVersion } = useReviewDraft(setId, entry);
  const save = useSaveEntry();
  // Issue 29: entries ticked beside this one (in 'Similar entries' or the search), saved with it; the next entry starts with none.
  const ticks = useTickedEntries(entry?.string ?? null);
  // Ticked entries are saved with the entry's mapping even when it is unchanged, as long as it maps to something.
  const savable = changed || (ticks.ticked.length > 0 && draft !== undefined && chosenCount(draft) > 0);

  const [treeScheme, setTreeScheme] = useState<SchemeId | null>(null);
  const [treeSelected, setTreeSelected] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [batch, setBatch] = useState<BulkBatch | null>(null);
  const [accuracyOpen, setAccuracyOpen] = useState(false);
  const entrySearchRef = useRef<HTMLInputElement>(null);
  const treeSearchRef = useRef<HTMLDivElement>(null);

  // The tree starts in the scheme of the first entry's predictions; after that it stays where the reviewer puts it.
  const scheme = treeSchemeFor(treeScheme, entry?.predictions);
  if (treeScheme === null && entry) setTreeScheme(scheme);

  // Another reviewer's save of the entry on screen: read it again (the draft follows unless changed here).
  // Other saves in the set: the entries they changed are read again (the one on screen, and those read ahead), and so are the
  // 'Similar entries' lists that name them; a batch names none, so all are.
  useLivePredictionSet(setId, (change) => {
    if (change.strings.length === 0) {
      void queryClient.invalidateQueries({ queryKey: auditKeys.all(setId) });
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.entries(setId) });
      void queryClient.invalidateQueries({ queryKey: similarEntriesKeys.set(setId) });
      return;
    }
    for (const changed of change.strings) void queryClient.invalidateQueries({ queryKey: predictionSetKeys.entryReads(setId, changed) });
    // An answer or a save changes what the audits estimate; a new audit changes their list.
    void queryClient.invalidateQueries({ queryKey: auditKeys.all(setId) });
    void queryClient.invalidateQueries({ queryKey: similarEntriesKeys.set(setId), predicate: (query) => namesAny(query.state.data as SimilarEntriesList | undefined, change.strings) });
  });

  // The tree is the heaviest part of the screen: it is given stable props, so moving to the next entry does not draw it again.
  const chosenKey = draft?.nodeURIs.join('\n') ?? '';
  const chosenURIs = useMemo(() => (chosenKey ? chosenKey.split('\n') : []), [chosenKey]);
  const toggleTreeNodeInDraft = useCallback((node: Parameters<typeof toggleTreeNode>[1]) => update((current) => toggleTreeNode(current, node)), [update]);
  const changeTreeScheme = useCallback((next: SchemeId) => {
    setTreeScheme(next);
    setTreeSelected(null);
  }, []);

  const goTo = (target: string | null) => {
    if (target === null) return;
    // Unsaved choices stay with their entry for when the reviewer comes back.
    if (entry && draft && changed) unsavedDrafts.keep(setId, entry.string, draft);
    void navigate(`${reviewEntryPath(address, target)}${search}`, { flushSync: true });
  };
  const showInTree = (uri: string) => {
    const { scheme: uriScheme, code } = splitPredictionUri(uri);
    if (!isSchemeId(uriScheme)) return;
    setTreeScheme(uriScheme);
    setTreeSelected(code);
  };
  const saveAndNext = () => {
    if (!entry || !draft) return;
    if (!savable) {
      goTo(entry.next);
      return;
    }
    save({ setId, entry: { ...entry, version: baseVersion }, draft, scope, address, search, alsoStrings: ticks.ticked });
    // Saved once: a second Enter before the next entry shows does not send them again.
    ticks.clear();
  };

  // Checking a sample (issue 30): `?audit={auditId}` walks the audit's entries, unanswered first; y right, n wrong.
  const [params, setParams] = useSearchParams();
  const auditId = params.get('audit');
  const audit = useAudit(setId, auditId);
  // Answers given on this screen count at once, whatever an earlier read of the audit says.
  const [localAnswers, setLocalAnswers] = useState<{ auditId: string | null; answers: Record<string, boolean> }>({ auditId, answers: {} });
  const answerAudit = useAnswerAudit(setId, (answer, failure) => {
    setLocalAnswers((current) => {
      const answers = { ...current.answers };
      delete answers[answer.string];
      return { ...current, answers };
    });
    notifyReview({ title: 'Answer not saved', color: 'red', message: `${answer.string}: ${failure.message}` });
  });
  if (localAnswers.auditId !== auditId) setLocalAnswers({ auditId, answers: {} });
  const auditEntries = useMemo(
    () => audit.data?.entries.map((item) => (item.string in localAnswers.answers ? { ...item, correct: localAnswers.answers[item.string]! } : item)),
    [audit.data, localAnswers],
  );
  const auditEntry = entry && auditEntries?.find((item) => item.string === entry.string);
  const auditDone = auditEntries !== undefined && answeredCount(auditEntries) === auditEntries.length;
  const [choosingRight, setChoosingRight] = useState<string | null>(null);
  const auditPath = (target: string) => `${reviewEntryPath(address, target)}${search}`;
  // An address in audit mode that names no entry of the audit goes to its first unanswered one.
  const strayFromAudit = auditEntries !== undefined && !auditDone && (string === null || !auditEntries.some((item) => item.string === string));
  const firstUnanswered = auditEntries ? nextUnanswered(auditEntries, null) : null;
  useEffect(() => {
    if (strayFromAudit && firstUnanswered !== null) void navigate(auditPath(firstUnanswered), { replace: true });
    // auditPath follows address and search, which the effect's other inputs already change with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [strayFromAudit, firstUnanswered]);

  const startAudit = (drawn: AuditDrawn) => {
    const next = new URLSearchParams(params);
    next.set('audit', drawn.auditId);
    const first = drawn.entries[0];
    void navigate(first === undefined ? `?${next.toString()}` : `${reviewEntryPath(address, first)}?${next.toString()}`);
  };
  const leaveAudit = () => {
    setChoosingRight(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('audit');
        return next;
      },
      { replace: false },
    );
  };
  const sendAnswer = (correct: boolean, nodeURIs: string[]) => {
    if (!entry || !auditId || !auditEntries) return;
    const answered = entry.string;
    setLocalAnswers((current) => (current.auditId === auditId ? { auditId, answers: { ...current.answers, [answered]: correct } } : current));
    setChoosingRight(null);
    answerAudit.mutate(correct ? { auditId, string: answered, correct } : { auditId, string: answered, correct, nodeURIs });
    const next = nextUnanswered(
      auditEntries.map((item) => (item.string === answered ? { ...item, correct } : item)),
      answered,
    );
    if (next !== null) void navigate(auditPath(next));
  };
  const answerRight = () => {
    if (!entry || !auditEntry) return;
    if (entry.predictions.length === 0) {
      notifyReview({ title: 'No prediction to be right', color: 'yellow', message: 'Press n and choose the right code.' });
      return;
    }
    sendAnswer(true, []);
  };
  const answerWrong = () => {
    if (!entry || !auditEntry) return;
    setChoosingRight(entry.string);
    treeSearchRef.current?.querySelector('input')?.focus();
  };
  const sendWrong = () => {
    if (!draft) return;
    const uris = [...new Set([...draft.nodeURIs, ...draft.predictionURIs])];
    if (uris.length === 0) {
      notifyReview({ title: 'Choose the right code first', color: 'yellow', message: 'Search the tree (t), or pick a prediction by its number, then Enter.' });
      return;
    }
    sendAnswer(false, uris);
  };
  const inAudit = auditId !== null && auditEntry !== undefined && !auditDone;

  const onAction = (action: ReviewAction) => {
    if (inAudit) {
      switch (action.kind) {
        case 'previous':
        case 'next': {
          const target = auditNeighbour(auditEntries!, entry?.string ?? null, action.kind === 'next' ? 1 : -1);
          if (target !== null) {
            setChoosingRight(null);
            void navigate(auditPath(target));
          }
          return;
        }
        case 'audit-right':
          answerRight();
          return;
        case 'audit-wrong':
          answerWrong();
          return;
        case 'save':
          if (choosingRight === entry?.string || changed) sendWrong();
          else notifyReview({ title: 'Right or wrong?', color: 'blue', message: 'Press y if the top prediction is right, n if it is wrong.' });
          return;
        default:
          break;
      }
    }
    switch (action.kind) {
      case 'previous':
        goTo(entry?.prev ?? null);
        break;
      case 'next':
        goTo(entry?.next ?? null);
        break;
      case 'save':
        saveAndNext();
        break;
      case 'audit-right':
      case 'audit-wrong':
        // Only while checking a sample.
        break;
      case 'toggle-prediction': {
        const prediction = entry?.predictions[action.index];
        if (prediction) update((current) => togglePrediction(current, prediction.uris));
        break;
      }
      case 'focus-entry-search':
        entrySearchRef.current?.focus();
        break;
      case 'focus-tree-search':
        treeSearchRef.current?.querySelector('input')?.focus();
        break;
      case 'help':
        setHelpOpen((open) => !open);
        break;
    }
  };
  useReviewKeyboard(onAction, true);

  return (
    <Stack gap="md" data-testid="review-screen">
      <title>{`${entry ? `${entry.string} · ` : ''}${set.name} · Review · The Occupation Graph`}</title>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <ReviewBreadcrumbs detail={detail} />
        <Group gap="xs" wrap="nowrap">
          <ReviewInfoCard
            setId={setId}
            total={set.total}
            scope={scope}
            onScopeChange={changeScope}
            onBulkAccept={() => setBulkOpen(true)}
            hasDataset={detail.dataset !== null}
            confidences={set.confidences}
            onAuditDrawn={startAudit}
            onAccuracy={() => setAccuracyOpen(true)}
          />
          <EntrySearch setId={setId} scope={scope} onChoose={goTo} inputRef={entrySearchRef} entry={entry?.string ?? null} ticked={ticks.ticked} onToggleTick={ticks.toggle} />
          <ShortcutsHelp opened={helpOpen} onChange={setHelpOpen} />
        </Group>
      </Group>

      {auditId !== null && audit.isError && (
        <Alert color="yellow" title="Sample not found" data-testid="audit-missing">
          <Group gap="sm">
            <Text size="sm">There is no such sample of this set.</Text>
            <Button size="xs" variant="default" onClick={leaveAudit}>
              Back to the review
            </Button>
          </Group>
        </Alert>
      )}
      {auditId !== null && auditEntries && auditDone && <AuditSummary setId={setId} size={auditEntries.length} onLeave={leaveAudit} onAccuracy={() => setAccuracyOpen(true)} />}
      {inAudit && entry && draft && (
        <AuditBar
          answered={answeredCount(auditEntries!)}
          size={auditEntries!.length}
          answer={auditEntry.correct}
          choosingRight={choosingRight === entry.string}
          chosen={new Set([...draft.nodeURIs, ...draft.predictionURIs]).size}
          hasTopPrediction={entry.predictions.length > 0}
          onRight={answerRight}
          onWrong={answerWrong}
          onSendWrong={sendWrong}
          onLeave={leaveAudit}
        />
      )}
      {auditId !== null && auditDone ? null : entryQuery.isError ? (
        <EntryLoadError error={entryQuery.error} hasString={string !== null} />
      ) : entry && draft ? (
        <EntryTitle
          // While checking a sample, the arrows walk the sample's order.
          entry={inAudit ? { ...entry, prev: auditNeighbour(auditEntries!, entry.string, -1), next: auditNeighbour(auditEntries!, entry.string, 1) } : entry}
          totalsColumns={detail.dataset?.totalsColumns ?? []}
          nodeDetails={answer!.nodeDetails}
          onPrevious={() => onAction({ kind: 'previous' })}
          onNext={() => onAction({ kind: 'next' })}
        />
      ) : (
        <Skeleton height={40} width="40%" aria-busy />
      )}
      {/* With no entry left in the scope, SPEC §8's summary stands alone. */}
      {!(entryQuery.isError && string === null) && !(auditId !== null && auditDone) && (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            {entry && draft ? (
              <Stack gap="md">
                {entry.awaitingSecondOpinion && <AwaitingSecondOpinion />}
                <ChosenNodes nodes={draft.treeNodes} onRemove={(node) => update((current) => toggleTreeNode(current, node))} onShowInTree={showInTree} />
                <PredictionList
                  predictions={entry.predictions}
                  chosenURIs={draft.predictionURIs}
                  nodeDetails={answer!.nodeDetails}
                  onToggle={(uris) => update((current) => togglePrediction(current, uris))}
                  onShowInTree={showInTree}
                  noPredictionReason={entry.noPredictionReason}
                  language={entry.language}
                />
                <DropZone
                  onDropNode={(json) => {
                    try {
                      const node = JSON.parse(json) as Parameters<typeof toggleTreeNode>[1];
                      update((current) => toggleTreeNode(current, node));
                    } catch {
                      // Not one of our drags: nothing to add.
                    }
                  }}
                />
                {!inAudit && <SimilarEntries setId={setId} string={entry.string} ticked={ticks.ticked} onToggle={ticks.toggle} onTickAll={ticks.tickAll} onSave={saveAndNext} />}
              </Stack>
            ) : (
              !entryQuery.isError && <Skeleton height={120} aria-busy />
          )}
        </Grid.Col>
        {/* The tree stays mounted from entry to entry (its open folders, scroll and search kept), even while one loads. */}
        <Grid.Col span={{ base: 12, md: 6 }} data-review-tree>
          <ReviewTreeBrowser
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
      )}
      {entry && draft && auditId === null && <ReviewFooter draft={draft} changed={savable} onTags={(tags) => update((current) => withTags(current, tags))} onSave={saveAndNext} />}
      <BulkAcceptModal setId={setId} opened={bulkOpen} onClose={() => setBulkOpen(false)} batch={batch} onBatch={setBatch} />
      <AccuracyModal setId={setId} opened={accuracyOpen} onClose={() => setAccuracyOpen(false)} />
      <MappingConflictModal scope={scope} nodeDetails={answer?.nodeDetails ?? {}} />
    </Stack>
  );
}
