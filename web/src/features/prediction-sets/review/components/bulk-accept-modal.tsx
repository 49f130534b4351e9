import { Alert, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { JobRun } from '@og/shared/contracts/jobs';
import { IconArrowBackUp, IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LiveJobProgressCard } from '../../../../components/live-job-progress-card';
import { ModalActions } from '../../../../components/modal-actions';
import { notifyReview } from '../../../../lib/notify';
import { predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';
import { useAuditAt } from '../api/audits';
import { startBulkAccept, undoBulkAccept, useBulkAcceptPreview } from '../api/bulk-accept';
import { estimateWords, fewCheckedEntries } from '../audit-walk';

export interface BulkBatch {
  batchId: string;
  jobId: string;
  minConf: number;
}

interface BulkAcceptModalProps {
  setId: string;
  opened: boolean;
  onClose: () => void;
  /** The last batch of this screen, which 'Undo batch' gives back. */
  batch: BulkBatch | null;
  onBatch: (batch: BulkBatch | null) => void;
}

/**
 * Bulk accept (beyond SPEC): 'Accept the top prediction of every entry at or above N%', with the
 * number of entries it will map before confirming; the job's live progress; then 'Undo batch'.
 */
export function BulkAcceptModal({ setId, opened, onClose, batch, onBatch }: BulkAcceptModalProps) {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(90);
  const [debounced] = useDebouncedValue(percent, 250);
  const minConf = debounced / 100;
  const preview = useBulkAcceptPreview(setId, minConf, opened && !batch);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const entries = preview.data?.entries;
  const refreshSet = () => queryClient.invalidateQueries({ queryKey: predictionSetKeys.set(setId) });

  const accept = () => {
    setRunning(true);
    setError(null);
    startBulkAccept(setId, minConf).then(
      (accepted) => onBatch({ ...accepted, minConf }),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    ).finally(() => setRunning(false));
  };

  const undo = () => {
    if (!batch) return;
    setRunning(true);
    undoBulkAccept(setId, batch.batchId).then(
      (undone) => {
        notifyReview({
          title: 'Batch undone',
          color: 'teal',
          message: `${undone.undone.toLocaleString('en')} entries given back their mapping${undone.skipped ? `; ${undone.skipped.toLocaleString('en')} left alone (changed since)` : ''}`,
        });
        onBatch(null);
        void refreshSet();
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    ).finally(() => setRunning(false));
  };

  const finished = (job: JobRun) => {
    void refreshSet();
    if (job.state === 'completed') {
      const accepted = (job.result as { accepted?: number } | null)?.accepted;
      notifyReview({ title: 'Predictions accepted', color: 'teal', message: `${(accepted ?? 0).toLocaleString('en')} entries mapped to their top prediction` });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Bulk accept" centered size="lg">
      <Stack gap="md" data-testid="bulk-accept-modal">
        {batch ? (
          <>
            <Text size="sm">Accepting the top prediction of every unmapped entry at or above {Math.round(batch.minConf * 100)}%.</Text>
            <LiveJobProgressCard jobId={batch.jobId} onFinish={finished} />
            <ModalActions onCancel={onClose} cancelLabel="Close">
              <Button variant="light" color="orange" leftSection={<IconArrowBackUp size={16} />} loading={running} onClick={undo} data-testid="bulk-accept-undo">
                Undo batch
              </Button>
            </ModalActions>
          </>
        ) : (
          <>
            <Text size="sm">Accept the top prediction of every entry at or above {percent}%.</Text>
            <Slider
              value={percent}
              onChange={setPercent}
              min={50}
              max={100}
              step={1}
              marks={[60, 70, 80, 90].map((mark) => ({ value: mark, label: `${mark}%` }))}
              label={(value) => `${value}%`}
              thumbLabel="Lowest confidence to accept"
              mb="lg"
              data-testid="bulk-accept-slider"
            />
            <Text size="sm" data-testid="bulk-accept-count">
              {entries === undefined ? 'Counting…' : `${entries.toLocaleString('en')} unmapped ${entries === 1 ? 'entry' : 'entries'} will be mapped to their top prediction. Entries a reviewer mapped are left alone.`}
            </Text>
            <AuditAtLine setId={setId} confidence={minConf} enabled={opened} />
            {error && (
              <Alert color="red" title="Bulk accept failed">
                {error}
              </Alert>
            )}
            <ModalActions onCancel={onClose}>
              <Group gap="xs">
                <Button
                  leftSection={<IconChecks size={16} />}
                  disabled={!entries || preview.isPlaceholderData || debounced !== percent}
                  loading={running}
                  onClick={accept}
                  data-testid="bulk-accept-confirm"
                >
                  Accept {entries === undefined ? '' : entries.toLocaleString('en')} {entries === 1 ? 'entry' : 'entries'}
                </Button>
              </Group>
            </ModalActions>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * How right the top prediction is at the chosen confidence, from the set's audits (issue 30):
 * '≈ 96% right, 92–98%, on 140 checked entries', with a warning when fewer than 30 checked
 * entries stand behind it.
 */
function AuditAtLine({ setId, confidence, enabled }: { setId: string; confidence: number; enabled: boolean }) {
  const at = useAuditAt(setId, confidence, enabled).data;
  if (!at) return null;
  const words = estimateWords(at);
  if (!words) {
    return (
      <Alert color="yellow" variant="light" p="xs" data-testid="bulk-accept-estimate-warning">
        No sample checked yet: “Check a sample” in the ⓘ card tells how right these predictions are.
      </Alert>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="bulk-accept-estimate">
        {words}
      </Text>
      {at.checked < fewCheckedEntries && (
        <Alert color="yellow" variant="light" p="xs" data-testid="bulk-accept-estimate-warning">
          Fewer than {fewCheckedEntries} checked entries: check a sample first.
        </Alert>
      )}
    </Stack>
  );
}
