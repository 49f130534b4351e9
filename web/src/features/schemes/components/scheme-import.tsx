import { Button, FileButton, Group, Stack, type ButtonProps } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, type ComponentPropsWithoutRef } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { useJobRunQuery } from '../../../lib/get-job-run';
import { isJobFinished } from '../../../lib/job-progress';
import { notifyAdmin } from '../../../lib/notify';
import { schemeKeys } from '../../../lib/schemes/scheme-keys';
import { isImportableFile, schemeImportAccept, useStartSchemeImport } from '../api/start-scheme-import';

interface SchemeImportButtonProps {
  scheme: string;
  onStarted: (jobId: string) => void;
  variant?: ButtonProps['variant'];
}

/** Admin-only 'Import codes': a .csv (code,label,parent,description) or SKOS .ttl file becomes an import job. */
export function SchemeImportButton({ scheme, onStarted, variant = 'default' }: SchemeImportButtonProps) {
  const startImport = useStartSchemeImport(scheme);
  const resetRef = useRef<() => void>(null);

  function onFile(file: File | null) {
    // Cleared at once so choosing the same file again (after fixing it) fires again.
    resetRef.current?.();
    if (!file) return;
    if (!isImportableFile(file)) {
      notifyAdmin({ title: 'Import not started', message: 'Choose a .csv or .ttl file.', color: 'red' });
      return;
    }
    startImport.mutate(file, { onSuccess: ({ jobId }) => onStarted(jobId) });
  }

  return (
    <FileButton
      onChange={onFile}
      accept={schemeImportAccept}
      resetRef={resetRef}
      inputProps={{ 'data-testid': 'scheme-import-file' } as ComponentPropsWithoutRef<'input'>}
    >
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconFileImport size={18} />} loading={startImport.isPending} data-testid="scheme-import">
          Import codes
        </Button>
      )}
    </FileButton>
  );
}

interface SchemeImportProgressProps {
  scheme: string;
  schemeLabel: string;
  jobId: string;
  /** Hides the card; offered once the job has finished. */
  onDismiss: () => void;
}

/** The live progress of an import; when it ends the scheme's tree, counts and links are loaded again. */
export function SchemeImportProgress({ scheme, schemeLabel, jobId, onDismiss }: SchemeImportProgressProps) {
  const queryClient = useQueryClient();
  // The card keeps the job live; this reads the same cached snapshot.
  const job = useJobRunQuery(jobId).data;
  const finished = !!job && isJobFinished(job.state);
  const onFinish = useCallback(
    (finishedJob: JobRun) => {
      void queryClient.invalidateQueries({ queryKey: schemeKeys.tree(scheme) });
      void queryClient.invalidateQueries({ queryKey: schemeKeys.list() });
      void queryClient.invalidateQueries({ queryKey: schemeKeys.linksOfScheme(scheme) });
      if (finishedJob.state === 'completed') notifyAdmin({ message: `Import into ${schemeLabel} finished`, color: 'teal' });
    },
    [queryClient, scheme, schemeLabel],
  );
  return (
    <Stack gap={4}>
      <LiveJobProgressCard jobId={jobId} onFinish={onFinish} />
      {finished && (
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" size="compact-xs" onClick={onDismiss} data-testid="scheme-import-dismiss">
            Hide
          </Button>
        </Group>
      )}
    </Stack>
  );
}
