import { ActionIcon, Badge, Button, Divider, Group, NumberInput, Popover, SegmentedControl, Slider, Stack, Text, TextInput } from '@mantine/core';
import type { AuditDrawn } from '@og/shared/contracts/audits';
import type { SetConfidences } from '@og/shared/contracts/prediction-reading';
import type { ReviewOrder } from '@og/shared/contracts/predictions';
import { IconChartDots, IconChecks, IconInfoCircle, IconListCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { usePredictionSetCounts } from '../../../../lib/prediction-sets/get-prediction-set-counts';
import { usePredictionSetDetail } from '../api/get-prediction-set-detail';
import { useSaveGoal } from '../api/save-goal';
import { useAddressOnScreen } from '../hooks/use-entry-on-screen';
import { usePanelKey } from '../hooks/use-panel-key';
import { coveredShare, goalFromPercent, goalReached, percentText } from '../review-goal';
import { GoalReached } from './goal-reached';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { sliderFromThreshold, thresholdFromSlider, thresholdMarks } from '../../../../lib/threshold';
import { useCoverage } from '../api/get-coverage';
import { drawAudit } from '../api/audits';
import { setConfidencesWords } from '../confidence';

const orderLabels: Record<ReviewOrder, string> = { file: 'File order', totals: 'Most frequent first', confidence: 'Least sure first' };

interface ReviewInfoCardProps {
  setId: string;
  total: number;
  scope: ReviewScope;
  onScopeChange: (change: Partial<ReviewScope>) => void;
  onBulkAccept: () => void;
  /** What a coverage figure counts ('people' with totals columns). */
  hasDataset: boolean;
  /** How the set's confidences came (issue 28). */
  confidences?: SetConfidences | null;
  /** A sample drawn with 'Check a sample' (issue 30): the review checks it. */
  onAuditDrawn: (drawn: AuditDrawn) => void;
  /** Opens 'Accuracy by confidence': the production curve and the estimates per band. */
  onAccuracy: () => void;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

/**
 * SPEC §2 the info hover card (Threshold, 'Below threshold X of total', 'Mapped X of
 * below-threshold'), with the review's filter and (beyond SPEC) its order, the coverage of the
 * dataset's people, how the set's confidences came when not from its file, and bulk accept.
 */
export function ReviewInfoCard({ setId, total, scope, onScopeChange, onBulkAccept, hasDataset, confidences, onAuditDrawn, onAccuracy }: ReviewInfoCardProps) {
  const [open, setOpen] = useState(false);
  // SPEC's hover card, which the info button (click, Enter, Space) opens too, so the keyboard reaches it.
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const openNow = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), 250);
  };
  usePanelKey('settings', () => setOpen((value) => !value));
  usePanelKey('bulk-accept', () => {
    setOpen(false);
    onBulkAccept();
  });
  const [slider, setSlider] = useState<number | null>(null);
  // Read here, not by the screen: a count that moves redraws this card alone.
  const counts = usePredictionSetCounts(setId, scope.threshold).data;
  const coverage = useCoverage(setId, scope.threshold, true);
  // The slider's own position until the address carries it (keys pressed quickly must not start from a stale value).
  const stored = sliderFromThreshold(scope.threshold);
  if (slider !== null && slider === stored) setSlider(null);
  const below = counts?.totalBelowThreshold;
  const mapped = counts?.mappedCount;
  const confidencesWords = setConfidencesWords(confidences);

  // Coverage is read again once saves change the count, at most every ten seconds (it is one pass over the set).
  const { refetch: refetchCoverage, dataUpdatedAt: coverageRead } = coverage;
  const countRead = useRef(mapped);
  useEffect(() => {
    if (mapped === undefined || countRead.current === mapped) return;
    const first = countRead.current === undefined;
    countRead.current = mapped;
    if (first) return;
    const timer = window.setTimeout(() => void refetchCoverage(), Math.max(0, coverageRead + 10_000 - Date.now()));
    return () => window.clearTimeout(timer);
  }, [mapped, coverageRead, refetchCoverage]);

  const { setRef } = useAddressOnScreen();
  const detail = usePredictionSetDetail(setRef).data;
  const goal = detail?.goal ?? null;
  // Issue 32: a large set is shown once its own order can be walked; its other indexes come after.
  const indexing = detail?.predictionSet.indexing === true;
  const share = coverage.data ? coveredShare(coverage.data) : null;
  const basis = coverage.data?.basis === 'entries' ? 'the entries' : hasDataset ? "the dataset's people" : 'the people';
  // The summary shows once for a goal; going on past it keeps it away until the goal changes.
  const [passedGoal, setPassedGoal] = useState<number | null>(null);
  const reached = goalReached(share, goal) && passedGoal !== goal;

  return (
    <>
      <Popover opened={open} onChange={setOpen} width={360} shadow="md" withArrow position="bottom-start">
        {/* The popover's target is the button (it carries aria-expanded); the badge beside it opens it on hover too. */}
        <Group gap={6} wrap="nowrap" data-testid="review-info" onMouseEnter={openNow} onMouseLeave={closeSoon}>
          <Popover.Target>
            <ActionIcon variant="default" size="lg" aria-label="About this review" onClick={() => setOpen((value) => !value)}>
              <IconInfoCircle size={18} />
            </ActionIcon>
          </Popover.Target>
          {counts && (
            <Badge variant="light" size="lg" data-testid="review-progress-badge" styles={{ root: { textTransform: 'none' } }}>
              {mapped!.toLocaleString('en')} / {below!.toLocaleString('en')} mapped
            </Badge>
          )}
          {share !== null && (
            <Badge
              variant="light"
              color={goalReached(share, goal) ? 'teal' : 'gray'}
              size="lg"
              data-testid="review-coverage-badge"
              title={`Share of ${basis} covered: mapped, or at or above the threshold`}
              styles={{ root: { textTransform: 'none' } }}
            >
              {percentText(share)} covered{goal !== null ? ` · goal ${percentText(goal)}` : ''}
            </Badge>
          )}
        </Group>
        <Popover.Dropdown data-testid="review-info-card" onMouseEnter={openNow} onMouseLeave={closeSoon}>
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={600}>
                Threshold: {slider ?? stored}%
              </Text>
              <Slider
                value={slider ?? stored}
                onChange={setSlider}
                onChangeEnd={(value) => onScopeChange({ threshold: thresholdFromSlider(value) })}
                min={0}
                max={100}
                marks={thresholdMarks.map((mark) => ({ value: mark, label: `${mark}%` }))}
                label={(value) => `${value}%`}
                thumbLabel="Threshold"
                mb="md"
                data-testid="review-threshold"
              />
            </div>
            <Text size="sm" data-testid="below-threshold">
              Below threshold {below === undefined ? '…' : below.toLocaleString('en')} of {total.toLocaleString('en')}
            </Text>
            <Text size="sm" data-testid="mapped-below-threshold">
              Mapped {mapped === undefined ? '…' : mapped.toLocaleString('en')} of {below === undefined ? '…' : below.toLocaleString('en')}
            </Text>
            {indexing && (
              <Text size="xs" c="dimmed" data-testid="review-indexing">
                Indexing: search, the other orders and filters answer slower until it is done.
              </Text>
            )}
            {confidencesWords && (
              <Text size="xs" c="dimmed" data-testid="review-confidences" data-source={confidences?.source}>
                {confidencesWords}
              </Text>
            )}
            <Divider />
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                Show
              </Text>
              <SegmentedControl
                size="xs"
                value={scope.filter}
                onChange={(filter) => onScopeChange({ filter: filter as ReviewScope['filter'] })}
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'mapped', label: 'Mapped' },
                  { value: 'unmapped', label: 'Unmapped' },
                ]}
                data-testid="review-filter"
              />
              <Text size="xs" c="dimmed" mt={4}>
                Order
              </Text>
              <SegmentedControl
                size="xs"
                value={scope.order}
                onChange={(order) => onScopeChange({ order: order as ReviewOrder })}
                data={(Object.keys(orderLabels) as ReviewOrder[]).map((order) => ({ value: order, label: orderLabels[order] }))}
                data-testid="review-order"
              />
            </Stack>
            <Divider />
            <Text size="sm" data-testid="review-coverage">
              Coverage:{' '}
              {coverage.data ? (
                <>
                  <b>{percentOf(coverage.data.mapped, coverage.data.total)}</b> of the {coverage.data.basis === 'entries' ? 'entries' : hasDataset ? "dataset's people" : 'people'} mapped
                  {coverage.data.basis === 'totals' && coverage.data.column ? ` (by ${coverage.data.column})` : coverage.data.basis === 'occurrences' ? ' (by rows)' : ''}
                  {coverage.data.aboveThreshold > 0 ? `; ${percentOf(coverage.data.aboveThreshold, coverage.data.total)} more left to the model (at or above the threshold)` : ''}
                </>
              ) : coverage.isError ? (
                'could not be counted'
              ) : (
                '…'
              )}
            </Text>
            <GoalField setId={setId} setRef={setRef} goal={goal} />
            <Divider />
            <CheckSample
              setId={setId}
              onDrawn={(drawn) => {
                setOpen(false);
                onAuditDrawn(drawn);
              }}
            />
            <Button
              variant="light"
              size="xs"
              leftSection={<IconChartDots size={16} />}
              onClick={() => {
                setOpen(false);
                onAccuracy();
              }}
              data-testid="open-accuracy"
            >
              Accuracy by confidence…
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconChecks size={16} />}
              onClick={() => {
                setOpen(false);
                onBulkAccept();
              }}
              data-testid="open-bulk-accept"
            >
              Bulk accept…
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {share !== null && goal !== null && (
        <GoalReached
          opened={reached}
          share={share}
          goal={goal}
          basis={basis}
          onContinue={() => setPassedGoal(goal)}
          onChangeGoal={() => {
            setPassedGoal(goal);
            openNow();
          }}
        />
      )}
    </>
  );
}

/** The review's goal in per cent of people, stored with Enter or on leaving the field (empty: no goal). */
function GoalField({ setId, setRef, goal }: { setId: string; setRef: string; goal: number | null }) {
  const stored = goal === null ? '' : String(Math.round(goal * 1000) / 10);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveGoal(setId, setRef);
  const commit = () => {
    if (text === null || text === stored) return;
    const next = goalFromPercent(text);
    if (next === undefined) {
      setError('A goal is a share above 0% and up to 100%');
      return;
    }
    setError(null);
    save.mutate(next, { onSuccess: () => setText(null), onError: (failure) => setError(failure.message) });
  };
  return (
    <TextInput
      size="xs"
      label="Goal: stop at this share of people covered"
      placeholder="e.g. 95"
      rightSection={<Text size="xs" c="dimmed">%</Text>}
      value={text ?? stored}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      onBlur={commit}
      error={error}
      inputMode="decimal"
      data-testid="review-goal"
    />
  );
}

/** 'Check a sample' (issue 30): draws a sample of the chosen size (default 100) for the reviewer to check with y and n. */
function CheckSample({ setId, onDrawn }: { setId: string; onDrawn: (drawn: AuditDrawn) => void }) {
  const [size, setSize] = useState<number | string>(100);
  const [drawing, setDrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= 1000;
  const draw = () => {
    if (!valid || drawing) return;
    setDrawing(true);
    setError(null);
    drawAudit(setId, size).then(onDrawn, (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure))).finally(() => setDrawing(false));
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        size="xs"
        label="Check a sample of"
        description="Entries drawn by confidence band; y right, n wrong"
        value={size}
        onChange={setSize}
        min={1}
        max={1000}
        allowDecimal={false}
        onKeyDown={(event) => {
          if (event.key === 'Enter') draw();
        }}
        error={error ?? (valid ? undefined : 'From 1 to 1,000 entries')}
        data-testid="audit-size"
        style={{ flex: 1 }}
      />
      <Button size="xs" leftSection={<IconListCheck size={16} />} onClick={draw} loading={drawing} disabled={!valid} data-testid="audit-start">
        Check a sample
      </Button>
    </Group>
  );
}
