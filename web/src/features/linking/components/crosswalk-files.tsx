import { Alert, Anchor, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import type { SchemeOption } from '../../../components/scheme-select';
import { useJobRunQuery } from '../../../lib/get-job-run';
import { notifyAdmin } from '../../../lib/notify';
import { crosswalkExportPath, crosswalkImportResult, refusedRowsPath, type CrosswalkFormat } from '../api/crosswalk-files';
import { linkKeys, schemePair } from '../api/link-keys';
import { CrosswalkImportForm } from './crosswalk-import-form';
import { CrosswalkSetsButton } from './crosswalk-sets';
import { importPhaseLabels } from '../crosswalk-set-words';

interface CrosswalkFilesProps {
  schemes: readonly SchemeOption[];
  source: SchemeId;
  target: SchemeId;
  canEdit: boolean;
  /** An import changed the links of these schemes. */
  onImported: (pair: readonly [SchemeId, SchemeId]) => void;
}

const exportFormats: { format: CrosswalkFormat; label: string; note: string }[] = [
  { format: 'sssom', label: 'SSSOM TSV', note: 'with author, date and relation of every mapping' },
  { format: 'csv', label: 'CSV', note: 'source_code, target_code, relation' },
];

/** The pair's crosswalk as files: exported as SSSOM TSV or CSV, the imported files listed as sets, and (admins) a crosswalk file imported or a set removed. */
export function CrosswalkFiles({ schemes, source, target, canEdit, onImported }: CrosswalkFilesProps) {
  const [importing, setImporting] = useState(false);
  return (
    <Group gap="xs">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} />} data-testid="crosswalk-export">
            Export crosswalk
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {schemeById(source).label} → {schemeById(target).label}
          </Menu.Label>
          {exportFormats.map(({ format, label, note }) => (
            <Menu.Item key={format} component="a" href={crosswalkExportPath(source, target, format)} download data-testid={`crosswalk-export-${format}`}>
              <Text size="sm">{label}</Text>
              <Text size="xs" c="dimmed">
                {note}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <CrosswalkSetsButton source={source} target={target} canEdit={canEdit} onRemoved={onImported} />
      {canEdit && (
        <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)} data-testid="crosswalk-import">
          Import crosswalk
        </Button>
      )}
      <Modal opened={importing} onClose={() => setImporting(false)} title="Import crosswalk" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
        {importing && <CrosswalkImport schemes={schemes} source={source} target={target} onImported={onImported} onClose={() => setImporting(false)} />}
      </Modal>
    </Group>
  );
}

interface CrosswalkImportProps extends Omit<CrosswalkFilesProps, 'canEdit'> {
  onClose: () => void;
}

/** The import dialog's content: the form with the file's preview, then the started import's progress. */
function CrosswalkImport({ schemes, source, target, onImported, onClose }: CrosswalkImportProps) {
  const [started, setStarted] = useState<{ jobId: string; source: SchemeId; target: SchemeId } | null>(null);
  if (started) return <CrosswalkImportProgress {...started} onImported={onImported} onClose={onClose} />;
  return <CrosswalkImportForm schemes={schemes} source={source} target={target} onClose={onClose} onStarted={setStarted} />;
}

interface CrosswalkImportProgressProps {
  jobId: string;
  source: SchemeId;
  target: SchemeId;
  onImported: CrosswalkFilesProps['onImported'];
  onClose: () => void;
}

const countFormat = new Intl.NumberFormat('en');
const plural = (count: number, noun: string) => (count === 1 ? noun : `${noun}s`);

/** The import's live progress, then what it did: links imported, already present, refused (downloadable with their reasons). */
function CrosswalkImportProgress({ jobId, source, target, onImported, onClose }: CrosswalkImportProgressProps) {
  const queryClient = useQueryClient();
  const result = crosswalkImportResult(useJobRunQuery(jobId).data);
  const onFinish = useCallback(
    (job: JobRun) => {
      const pair = schemePair(source, target);
      void queryClient.invalidateQueries({ queryKey: linkKeys.maps(pair) });
      onImported(pair);
      if (job.state === 'completed') notifyAdmin({ message: `Crosswalk ${schemeById(source).label} → ${schemeById(target).label} imported`, color: 'teal' });
    },
    [queryClient, source, target, onImported],
  );
  return (
    <Stack gap="sm">
      <LiveJobProgressCard jobId={jobId} phaseLabels={importPhaseLabels} onFinish={onFinish} />
      {result && (
        <Alert color={result.refused > 0 ? 'yellow' : 'teal'} variant="light" data-testid="crosswalk-import-result">
          <Text size="sm">
            <b data-testid="crosswalk-imported">{countFormat.format(result.imported)}</b> {plural(result.imported, 'link')} imported,{' '}
            <b data-testid="crosswalk-already-present">{countFormat.format(result.alreadyPresent)}</b> already present,{' '}
            <b data-testid="crosswalk-refused">{countFormat.format(result.refused)}</b> {plural(result.refused, 'row')} refused.
          </Text>
          {result.columns && (
            <Text size="sm" c="dimmed" data-testid="crosswalk-import-columns">
              Read {result.columns.source} → {result.columns.target}
              {result.columns.relation ? `, relation from ${result.columns.relation}` : ''}
              {result.columns.weight ? `, weights from ${result.columns.weight} (${result.columns.weightAs === 'count' ? 'counts made shares of the source code’s total' : 'shares'})` : ', no weights'}
              {result.columns.ignored.length > 0 ? `; not read: ${result.columns.ignored.join(', ')}` : ''}.
            </Text>
          )}
          {result.sameAs && (
            <Text size="sm" data-testid="crosswalk-import-same-as">
              This file was imported before for these schemes: nothing was added.
            </Text>
          )}
          {result.refused > 0 && (
            <Anchor size="sm" href={refusedRowsPath(jobId)} download data-testid="crosswalk-refused-download">
              Download the refused rows with their reasons
            </Anchor>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="crosswalk-import-close">
          Close
        </Button>
      </Group>
    </Stack>
  );
}
