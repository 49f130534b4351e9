import { type PredictionPreview, predictionPreview, type PredictionReading } from '@og/shared/contracts/prediction-reading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';

/** How much of a file the preview is sent: the server reads only its header and first rows, and ignores a cut last line. */
export const previewBytes = 1024 * 1024;

/**
 * `POST /api/predictions/preview` (issue 28): the start of the file, with the reading to apply
 * (none: the server proposes one), and `partial` when it is only the start of a longer file (the
 * line the cut ends in is not a problem of the file). Answers the layout recognised, the reading, the scheme with its
 * share, the first 20 entries as they will be stored and the problems found.
 */
export function previewPredictionFile(file: File, reading: PredictionReading | null, signal?: AbortSignal): Promise<PredictionPreview> {
  const form = new FormData();
  if (reading) form.append('reading', JSON.stringify(reading));
  if (file.size > previewBytes) form.append('partial', 'true');
  form.append('file', new File([file.slice(0, previewBytes)], file.name, { type: file.type }), file.name);
  return api.postForm('/api/predictions/preview', form, predictionPreview, { signal });
}

/** A number for each file chosen, so the preview's cache tells two files of one name apart. */
const fileIds = new WeakMap<File, number>();
let lastFileId = 0;
function fileId(file: File): number {
  let id = fileIds.get(file);
  if (id === undefined) {
    id = ++lastFileId;
    fileIds.set(file, id);
  }
  return id;
}

export const predictionPreviewKeys = {
  all: () => ['prediction-preview'] as const,
  preview: (file: File, reading: PredictionReading | null) => ['prediction-preview', fileId(file), reading] as const,
};

/**
 * The preview of `file` read with `reading` (null: as proposed). While a changed reading is asked,
 * the answer before it stays shown. A file is not read again by itself: its preview only changes with the reading.
 */
export function usePredictionPreviewQuery(file: File | null, reading: PredictionReading | null) {
  return useQuery({
    queryKey: file ? predictionPreviewKeys.preview(file, reading) : [...predictionPreviewKeys.all(), 'none'],
    queryFn: ({ signal }) => previewPredictionFile(file!, reading, signal),
    enabled: file !== null,
    // The answer of the same file's reading before stays shown; another file's never does.
    placeholderData: (previous, previousQuery) => (file && previousQuery?.queryKey[1] === fileId(file) ? previous : undefined),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
