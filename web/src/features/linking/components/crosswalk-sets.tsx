import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import type { CrosswalkSet } from '@og/shared/contracts/links';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconStack2, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ModalActions } from '../../../components/modal-actions';
import { useJobRunQuery } from '../../../lib/get-job-run';
import { notifyAdmin } from '../../../lib/notify';
import { crosswalkRemovalResult, useCrosswalkSetsQuery, useRemoveCrosswalkSet } from '../api/crosswalk-sets';
import { linkKeys, schemePair, type SchemePair } from '../api/link-keys';
import { removalPhaseLabels, setCountsText, setMakerText } from '../crosswalk-set-words';

interface CrosswalkSetsButtonProps {
  source: SchemeId;
  target: SchemeId;
  canEdit: boolean;
  /** A removal changed the links of these schemes. */
  onRemoved: (pair: SchemePair) => void;
}

const countFormat = new Intl.NumberFormat('en');

/** The pair's crosswalk sets: a button with their count, and the list (name, file, licence, who, when, counts, links), from which an admin removes a set. */
export function CrosswalkSetsButton({ source, target, canEdit, onRemoved }: CrosswalkSetsButtonProps) {
  const pair = schemePair(source, target);
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<CrosswalkSet | null>(null);
  const setsQuery = useCrosswalkSetsQuery(pair);
  const sets = setsQuery.data?.sets ?? [];
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconStack2 size={16} />}
        rightSection={
          <Badge size="sm" variant="light" color={sets.length > 0 ? 'teal' : 'gray'} circle={sets.length < 10} data-testid="crosswalk-sets-count">
            {sets.length}
          </Badge>
        }
        onClick={() => setOpen(true)}
        data-testid="crosswalk-sets-open"
      >
        Crosswalk sets
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        size="72rem"
        title={`Crosswalk sets of ${schemeById(pair[0]).label} and ${schemeById(pair[1]).label}`}
        scrollAreaComponent={ScrollArea.Autosize}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm" data-testid="crosswalk-sets">
          <Text size="sm" c="dimmed">
            Each imported crosswalk file is a set of links. Removing a set removes its links that no one made again or confirmed since; those are kept and listed.
          </Text>
          {setsQuery.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Loading the sets…
              </Text>
            </Group>
          ) : setsQuery.isError ? (
            <LoadErrorAlert title="The sets could not be loaded" message={setsQuery.error.message} onRetry={() => void setsQuery.refetch()} data-testid="crosswalk-sets-error" />
          ) : sets.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="crosswalk-sets-empty">
              No crosswalk file has been imported for these schemes.
            </Text>
          ) : (
            <CrosswalkSetsTable sets={sets} canEdit={canEdit} onRemove={setRemoving} />
          )}
        </Stack>
      </Modal>
      {removing && <RemoveCrosswalkSetModal set={removing} pair={pair} onClose={() => setRemoving(null)} onRemoved={onRemoved} />}
    </>
  );
}

function CrosswalkSetsTable({ sets, canEdit, onRemove }: { sets: CrosswalkSet[]; canEdit: boolean; onRemove: (set: CrosswalkSet) => void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing={6} highlightOnHover data-testid="crosswalk-sets-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Set</Table.Th>
            <Table.Th>Direction</Table.Th>
            <Table.Th>Licence</Table.Th>
            <Table.Th>Imported</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th ta="right">Links</Table.Th>
            {canEdit && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sets.map((set) => (
            <Table.Tr key={set.id} data-testid="crosswalk-set" data-set-id={set.id}>
              <Table.Td maw={260}>
                <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }} data-testid="crosswalk-set-name">
                  {set.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="crosswalk-set-file">
                  {set.fileName}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">
                  {schemeById(set.source).label} → {schemeById(set.target).label}
                </Text>
              </Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" c={set.license ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }} data-testid="crosswalk-set-license">
                  {set.license ?? 'None stated'}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" data-testid="crosswalk-set-maker">
                  {setMakerText(set)}
                </Text>
                {set.origin && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {set.origin}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="crosswalk-set-counts">
                  {setCountsText(set)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} data-testid="crosswalk-set-links">
                  {countFormat.format(set.links)}
                </Text>
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Tooltip label="Remove this set and its links">
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove the set ${set.name}`} onClick={() => onRemove(set)} data-testid="crosswalk-set-remove">
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface RemoveCrosswalkSetModalProps {
  set: CrosswalkSet;
  pair: SchemePair;
  onClose: () => void;
  onRemoved: (pair: SchemePair) => void;
}

/** 'Remove crosswalk set', confirmed; then the removal's live progress, and what it removed and kept. */
function RemoveCrosswalkSetModal({ set, pair, onClose, onRemoved }: RemoveCrosswalkSetModalProps) {
  const remove = useRemoveCrosswalkSet();
  const [jobId, setJobId] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(set.id, {
      onSuccess: ({ jobId: started }) => setJobId(started),
      onError: (error) => notifyAdmin({ title: 'Set not removed', message: error.message, color: 'red' }),
    });
  return (
    <Modal opened onClose={onClose} title="Remove crosswalk set" centered size={jobId ? 'lg' : 'md'} closeButtonProps={{ 'aria-label': 'Close' }}>
      {jobId ? (
        <RemovalProgress jobId={jobId} set={set} pair={pair} onRemoved={onRemoved} onClose={onClose} />
      ) : (
        <Stack gap="md" data-testid="remove-crosswalk-set-modal">
          <Text size="sm">
            Remove{' '}
            <Text span inherit fw={700} dir="auto">
              {set.name}
            </Text>{' '}
            and its {countFormat.format(set.links)} {set.links === 1 ? 'link' : 'links'}? Links an admin made again or confirmed since are kept. This can’t be undone.
          </Text>
          <ModalActions onCancel={onClose} cancelLabel="Keep it" cancelTestId="remove-crosswalk-set-cancel">
            <Button color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={confirm} data-testid="remove-crosswalk-set-confirm">
              Remove set
            </Button>
          </ModalActions>
        </Stack>
      )}
    </Modal>
  );
}

const keptWhy = { edited: 'made again since', confirmed: 'confirmed since' } as const;

function RemovalProgress({ jobId, set, pair, onRemoved, onClose }: { jobId: string; set: CrosswalkSet; pair: SchemePair; onRemoved: (pair: SchemePair) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const result = crosswalkRemovalResult(useJobRunQuery(jobId).data);
  const onFinish = useCallback(
    (job: JobRun) => {
      // The sets sit under the maps' key: both are read again.
      void queryClient.invalidateQueries({ queryKey: linkKeys.maps(pair) });
      onRemoved(pair);
      if (job.state === 'completed') notifyAdmin({ message: `Crosswalk set ${set.name} removed`, color: 'teal' });
    },
    [queryClient, pair, onRemoved, set.name],
  );
  return (
    <Stack gap="sm" data-testid="remove-crosswalk-set-progress">
      <LiveJobProgressCard jobId={jobId} phaseLabels={removalPhaseLabels} onFinish={onFinish} />
      {result && (
        <Alert color={result.kept > 0 ? 'yellow' : 'teal'} variant="light" data-testid="crosswalk-set-removal-result">
          <Text size="sm">
            <b data-testid="crosswalk-set-removed">{countFormat.format(result.removed)}</b> {result.removed === 1 ? 'link' : 'links'} removed,{' '}
            <b data-testid="crosswalk-set-kept">{countFormat.format(result.kept)}</b> kept.
          </Text>
          {result.keptLinks.length > 0 && (
            <ScrollArea.Autosize mah={220} mt="xs" viewportProps={{ tabIndex: 0, 'aria-label': 'The kept links, scrollable' }}>
              <Table verticalSpacing={2} fz="sm" data-testid="crosswalk-set-kept-links">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{schemeById(pair[0]).label}</Table.Th>
                    <Table.Th>{schemeById(pair[1]).label}</Table.Th>
                    <Table.Th>Kept, as it was</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.keptLinks.map((link) => (
                    <Table.Tr key={`${link.first.value}\u0000${link.second.value}`}>
                      <Table.Td ff="monospace">{link.first.value}</Table.Td>
                      <Table.Td ff="monospace">{link.second.value}</Table.Td>
                      <Table.Td>{keptWhy[link.why]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {result.kept > result.keptLinks.length && (
                <Text size="xs" c="dimmed" mt={4}>
                  The first {countFormat.format(result.keptLinks.length)} of {countFormat.format(result.kept)}.
                </Text>
              )}
            </ScrollArea.Autosize>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="remove-crosswalk-set-close">
          Close
        </Button>
      </Group>
    </Stack>
  );
}
