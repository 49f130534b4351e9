import { CsvProfiler } from './csv-profile';
import { type CsvWorkerRequest, type CsvWorkerResponse, sampleRowCount } from './csv-profile-messages';
import { readCsvChunks } from './csv-reader';

/**
 * The upload wizard's CSV reader, off the page's thread: reads the header and the first rows,
 * then (once a title or code column is chosen) the whole file, posting counts after every 10 MB
 * chunk.
 */

interface Run {
  id: number;
  profiler: CsvProfiler;
  /** Whether it reads the whole file (a column is chosen) or only the header. */
  counts: boolean;
  progress: { bytesRead: number; totalBytes: number; done: boolean };
}

let run: Run | null = null;
let codeLabels: ReadonlySet<string> | null = null;

function post(message: CsvWorkerResponse): void {
  self.postMessage(message);
}

async function profile(request: Extract<CsvWorkerRequest, { type: 'profile' }>): Promise<void> {
  const { id, file } = request;
  const current: Run = {
    id,
    profiler: new CsvProfiler(request),
    counts: request.titleColumn !== null || request.codeColumn !== null,
    progress: { bytesRead: 0, totalBytes: file.size, done: false },
  };
  current.profiler.setCodeLabels(codeLabels);
  run = current;
  let headerSent = false;
  try {
    for await (const chunk of readCsvChunks(file)) {
      // A newer request has started: this one stops reading.
      if (run !== current) return;
      current.profiler.addRows(chunk.rows);
      current.progress = { bytesRead: chunk.bytesRead, totalBytes: chunk.totalBytes, done: chunk.bytesRead >= chunk.totalBytes };
      const header = current.profiler.headerRow;
      if (!headerSent && header && chunk.format) {
        // The header is the first row of the first chunk that has rows: this one.
        post({ type: 'header', id, header, sample: chunk.rows.slice(1, 1 + sampleRowCount), format: chunk.format });
        headerSent = true;
      }
      if (!current.counts && headerSent) return;
      if (current.counts) post({ type: 'progress', id, profile: current.profiler.snapshot(current.progress) });
    }
    if (!headerSent) post({ type: 'error', id, message: 'The file is empty.' });
  } catch (error) {
    if (run === current) post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
  }
}

self.onmessage = (event: MessageEvent<CsvWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'profile') {
    void profile(request);
    return;
  }
  if (request.type === 'cancel') {
    run = null;
    return;
  }
  codeLabels = request.labels ? new Set(request.labels) : null;
  if (run?.counts) {
    run.profiler.setCodeLabels(codeLabels);
    post({ type: 'progress', id: run.id, profile: run.profiler.snapshot(run.progress) });
  }
};
