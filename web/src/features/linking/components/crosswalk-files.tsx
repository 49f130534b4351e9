import { ActionIcon, Alert, Anchor, Button, FileInput, Group, Menu, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { defaultLinkRelation, linkRelation, type LinkRelation } from '@og/shared/contracts/links';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconArrowsExchange, IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ComponentPropsWithoutRef } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import { useJobRunQuery } from '../../../lib/get-job-run';
import { notifyAdmin } from '../../../lib/notify';
import {
  crosswalkExportPath,
  crosswalkFileAccept,
  crosswalkImportResult,
  isCrosswalkFile,
  refusedRowsPath,
  useStartCrosswalkImport,
  type CrosswalkFormat,
} from '../api/crosswalk-files';
import { linkKeys, schemePair } from '../api/link-keys';
import { relationOptions } from './link-controls';

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

/** The pair's crosswalk as files: exported as SSSOM TSV or CSV, and (admins) a crosswalk file imported. */
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
      {canEdit && (
        <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)} data-testid="crosswalk-import">
          Import crosswalk
        </Button>
      )}
      <Modal opened={importing} onClose={() => setImporting(false)} title="Import crosswalk" size="lg">
        {importing && <CrosswalkImportForm schemes={schemes} source={source} target={target} onImported={onImported} onClose={() => setImporting(false)} />}
      </Modal>
    </Group>
  );
}

interface CrosswalkImportFormProps extends Omit<CrosswalkFilesProps, 'canEdit'> {
  onClose: () => void;
}

function CrosswalkImportForm({ schemes, source: pageSource, target: pageTarget, onImported, onClose }: CrosswalkImportFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<SchemeId>(pageSource);
  const [target, setTarget] = useState<SchemeId>(pageTarget);
  const [relation, setRelation] = useState<LinkRelation>(defaultLinkRelation);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartCrosswalkImport();
  const fileError = file && !isCrosswalkFile(file) ? 'Choose a .csv, .tsv or .txt file.' : undefined;

  if (jobId) return <CrosswalkImportProgress jobId={jobId} source={source} target={target} onImported={onImported} onClose={onClose} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A CSV with the columns source_code, target_code and optionally relation (skos:exactMatch, closeMatch, broadMatch, narrowMatch or relatedMatch), or an SSSOM TSV file.
        Codes are matched by their code string; rows already linked are counted, not added twice.
      </Text>
      <FileInput
        label="Crosswalk file"
        placeholder="Choose a file"
        accept={crosswalkFileAccept}
        value={file}
        onChange={setFile}
        error={fileError}
        clearable
        leftSection={<IconFileImport size={16} />}
        data-testid="crosswalk-import-file"
        fileInputProps={{ 'data-testid': 'crosswalk-import-input' } as ComponentPropsWithoutRef<'input'>}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <SchemeSelect schemes={schemes} value={source} exclude={target} onChange={setSource} label="Codes of the first column (source)" data-testid="crosswalk-import-source" />
        </div>
        <Tooltip label="Swap source and target">
          <ActionIcon
            variant="default"
            size="lg"
            mb={2}
            aria-label="Swap source and target"
            onClick={() => {
              setSource(target);
              setTarget(source);
            }}
          >
            <IconArrowsExchange size={18} />
          </ActionIcon>
        </Tooltip>
        <div style={{ flex: 1 }}>
          <SchemeSelect schemes={schemes} value={target} exclude={source} onChange={setTarget} label="Codes of the second column (target)" data-testid="crosswalk-import-target" />
        </div>
      </Group>
      <Select
        label="Relation of rows that name none"
        description="Read from the source code to the target code"
        data={relationOptions}
        value={relation}
        onChange={(value) => {
          const parsed = linkRelation.safeParse(value);
          if (parsed.success) setRelation(parsed.data);
        }}
        allowDeselect={false}
        data-testid="crosswalk-import-relation"
      />
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!file || !!fileError}
          loading={start.isPending}
          onClick={() => file && start.mutate({ file, source, target, relation }, { onSuccess: ({ jobId: started }) => setJobId(started) })}
          data-testid="crosswalk-import-start"
        >
          Import
        </Button>
      </Group>
    </Stack>
  );
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
      <LiveJobProgressCard jobId={jobId} onFinish={onFinish} />
      {result && (
        <Alert color={result.refused > 0 ? 'yellow' : 'teal'} variant="light" data-testid="crosswalk-import-result">
          <Text size="sm">
            <b data-testid="crosswalk-imported">{countFormat.format(result.imported)}</b> {plural(result.imported, 'link')} imported,{' '}
            <b data-testid="crosswalk-already-present">{countFormat.format(result.alreadyPresent)}</b> already present,{' '}
            <b data-testid="crosswalk-refused">{countFormat.format(result.refused)}</b> {plural(result.refused, 'row')} refused.
          </Text>
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
