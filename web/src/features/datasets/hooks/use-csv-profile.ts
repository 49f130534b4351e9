import { useCallback, useEffect, useRef, useState } from 'react';
import type { CsvProfile, ProfileColumns } from '../workers/csv-profile';
import type { CsvWorkerRequest, CsvWorkerResponse } from '../workers/csv-profile-messages';
import type { CsvFormat } from '../workers/csv-reader';

export interface CsvProfileState {
  /** The file's header row, once its first chunk is read. */
  header: string[] | null;
  /** The first data rows, read with the header. */
  sample: string[][] | null;
  format: CsvFormat | null;
  /** Counts for the chosen columns, growing as the file is read; null while no column is chosen. */
  profile: CsvProfile | null;
  error: string | null;
}

const emptyState: CsvProfileState = { header: null, sample: null, format: null, profile: null, error: null };

/** What the worker said about one file; counts and errors belong to the columns they were read for. */
interface Received extends CsvProfileState {
  file: File;
  columnsKey: string;
}

const keyOf = ({ titleColumn, codeColumn }: ProfileColumns) => JSON.stringify([titleColumn, codeColumn]);

/**
 * Reads a CSV in a Web Worker (the page stays responsive whatever the file's size): its
 * header and first rows as soon as the file is chosen, then the counts of the chosen title and
 * code columns, read again whenever the choice changes. `codeLabels` are the chosen scheme's
 * code strings.
 */
export function useCsvProfile(file: File | null, columns: ProfileColumns, codeLabels: readonly string[] | null): CsvProfileState {
  const [received, setReceived] = useState<Received | null>(null);
  const worker = useRef<Worker | null>(null);
  const latest = useRef<{ id: number; file: File | null; columnsKey: string }>({ id: 0, file: null, columnsKey: '' });
  const { titleColumn, codeColumn } = columns;
  const columnsKey = keyOf(columns);

  /** The worker, started on first use; ended when the page goes. */
  const ensureWorker = useCallback(() => {
    if (worker.current) return worker.current;
    const created = new Worker(new URL('../workers/csv-profile.worker.ts', import.meta.url), { type: 'module', name: 'csv-profile' });
    const update = (id: number, change: (base: Received) => Received) => {
      const request = latest.current;
      if (id !== request.id || !request.file) return;
      const requestFile = request.file;
      setReceived((current) =>
        change(current && current.file === requestFile ? current : { ...emptyState, file: requestFile, columnsKey: request.columnsKey }),
      );
    };
    created.onmessage = (event: MessageEvent<CsvWorkerResponse>) => {
      const message = event.data;
      const { columnsKey: key } = latest.current;
      // Each new choice of columns reads the header and first rows again: the first reading's stay, the same arrays.
      if (message.type === 'header') {
        update(message.id, (base) => (base.header ? base : { ...base, header: message.header, sample: message.sample, format: message.format }));
      }
      if (message.type === 'progress') update(message.id, (base) => ({ ...base, columnsKey: key, profile: message.profile, error: null }));
      if (message.type === 'error') update(message.id, (base) => ({ ...base, columnsKey: key, error: message.message }));
    };
    created.onerror = (event) => {
      update(latest.current.id, (base) => ({ ...base, columnsKey: latest.current.columnsKey, error: event.message || 'The file could not be read.' }));
    };
    worker.current = created;
    return created;
  }, []);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  useEffect(() => {
    const target = ensureWorker();
    const id = latest.current.id + 1;
    latest.current = { id, file, columnsKey: keyOf({ titleColumn, codeColumn }) };
    if (!file) {
      target.postMessage({ type: 'cancel' } satisfies CsvWorkerRequest);
      return;
    }
    target.postMessage({ type: 'profile', id, file, titleColumn, codeColumn } satisfies CsvWorkerRequest);
  }, [ensureWorker, file, titleColumn, codeColumn]);

  useEffect(() => {
    ensureWorker().postMessage({ type: 'code-labels', labels: codeLabels ? [...codeLabels] : null } satisfies CsvWorkerRequest);
  }, [ensureWorker, codeLabels]);

  if (!file || !received || received.file !== file) return emptyState;
  const current = received.columnsKey === columnsKey;
  return {
    header: received.header,
    sample: received.sample,
    format: received.format,
    profile: current ? received.profile : null,
    error: current || received.header === null ? received.error : null,
  };
}
