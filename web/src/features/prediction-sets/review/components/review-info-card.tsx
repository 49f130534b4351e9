import { ActionIcon, Badge, Button, Divider, Group, Popover, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import type { SetConfidences } from '@og/shared/contracts/prediction-reading';
import type { PredictionSetCount, ReviewOrder } from '@og/shared/contracts/predictions';
import { IconChecks, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { sliderFromThreshold, thresholdFromSlider, thresholdMarks } from '../../../../lib/threshold';
import { useCoverage } from '../api/get-coverage';
import { setConfidencesWords } from '../confidence';

const orderLabels: Record<ReviewOrder, string> = { file: 'File order', totals: 'Most frequent first', confidence: 'Least sure first' };

interface ReviewInfoCardProps {
  setId: string;
  total: number;
  counts: PredictionSetCount | undefined;
  scope: ReviewScope;
  onScopeChange: (change: Partial<ReviewScope>) => void;
  onBulkAccept: () => void;
  /** What a coverage figure counts ('people' with totals columns). */
  hasDataset: boolean;
  /** How the set's confidences came (issue 28). */
  confidences?: SetConfidences | null;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

/**
 * SPEC §2 the info hover card (Threshold, 'Below threshold X of total', 'Mapped X of
 * below-threshold'), with the review's filter and (beyond SPEC) its order, the coverage of the
 * dataset's people, how the set's confidences came when not from its file, and bulk accept.
 */
export function ReviewInfoCard({ setId, total, counts, scope, onScopeChange, onBulkAccept, hasDataset, confidences }: ReviewInfoCardProps) {
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
  const [slider, setSlider] = useState<number | null>(null);
  const coverage = useCoverage(setId, scope.threshold, open);
  // The slider's own position until the address carries it (keys pressed quickly must not start from a stale value).
  const stored = sliderFromThreshold(scope.threshold);
  if (slider !== null && slider === stored) setSlider(null);
  const below = counts?.totalBelowThreshold;
  const mapped = counts?.mappedCount;
  const confidencesWords = setConfidencesWords(confidences);

  return (
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
  );
}
