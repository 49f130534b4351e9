import { useDebouncedValue } from '@mantine/hooks';
import type { PredictionPreview, PredictionReading } from '@og/shared/contracts/prediction-reading';
import { useCallback, useMemo, useState } from 'react';
import { usePredictionPreviewQuery } from './preview-prediction-file';
import { completeReading, draftOf, type ReadingDraft } from './reading-draft';

/** How long the step waits after a change of the reading before asking the preview again. */
const previewDelayMs = 300;

export interface PredictionReadingState {
  file: File;
  /** The first answer: the layout recognised and the reading proposed. */
  proposal: PredictionPreview | undefined;
  /** The answer for the reading shown (the one before while a change is asked). */
  preview: PredictionPreview | undefined;
  /** Whether a preview is being asked. */
  reading: boolean;
  /** The first preview request failed: the file cannot be read. */
  error: Error | null;
  /** The preview of the changed reading was refused (the reading, not the file): the controls stay to change it. */
  readingError: Error | null;
  /** The reading as edited; null for OCCPAST JSON (read as it is) and until the proposal is known. */
  draft: ReadingDraft | null;
  /** What the draft still lacks, in a sentence. */
  missing: string | null;
  edit: (change: (draft: ReadingDraft) => ReadingDraft) => void;
  /** Back to the reading proposed. */
  restore: () => void;
  edited: boolean;
  /** What the import is sent with (`reading` null: the file as recognised, for JSON); null while it cannot start. */
  importWith: { reading: PredictionReading | null } | null;
}

/**
 * The column-mapping step's state for a chosen file (issue 28; null while none is): the preview of the reading
 * proposed, the user's changes to it, and the preview of the changed reading, asked again a short
 * while after each change.
 */
export function usePredictionReading(file: File | null): PredictionReadingState | null {
  const proposalQuery = usePredictionPreviewQuery(file, null);
  const proposal = proposalQuery.data;
  const [edits, setEdits] = useState<{ file: File; draft: ReadingDraft } | null>(null);

  const proposedDraft = useMemo(() => (proposal && proposal.layout !== 'occpast-json' ? draftOf(proposal) : null), [proposal]);
  const draft = edits?.file === file ? edits.draft : proposedDraft;
  const complete = useMemo(() => (draft ? completeReading(draft) : null), [draft]);
  const edited = file !== null && edits?.file === file;

  // The edited reading, once complete, is previewed a moment after the last change.
  const [settled] = useDebouncedValue(edited && complete?.reading ? complete.reading : null, previewDelayMs);
  const editedQuery = usePredictionPreviewQuery(edited && settled ? file : null, settled);
  const current = edited && settled ? editedQuery : proposalQuery;

  const edit = useCallback(
    (change: (draft: ReadingDraft) => ReadingDraft) => {
      setEdits((before) => {
        const base = before?.file === file ? before.draft : proposedDraft;
        return file && base ? { file, draft: change(base) } : before;
      });
    },
    [file, proposedDraft],
  );
  const restore = useCallback(() => setEdits(null), []);

  const error = proposalQuery.error;
  const readingError = current === editedQuery ? editedQuery.error : null;
  const importWith = useMemo(() => {
    if (!proposal || error || readingError) return null;
    if (proposal.layout === 'occpast-json') return { reading: null };
    return complete?.reading ? { reading: complete.reading } : null;
  }, [proposal, error, readingError, complete]);

  if (!file) return null;
  return {
    file,
    proposal,
    preview: current.data ?? proposal,
    reading: current.isFetching,
    error,
    readingError,
    draft,
    missing: complete?.missing ?? null,
    edit,
    restore,
    edited,
    importWith,
  };
}
