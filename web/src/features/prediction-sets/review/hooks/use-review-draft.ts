import type { PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { useCallback, useState } from 'react';
import { unsavedDrafts } from '../mapping-conflicts';
import { draftOf, isDraftChanged, type ReviewDraft } from '../review-draft';

type Entry = PredictionEntryAnswer['predictionEntry'];

interface DraftState {
  string: string;
  version: number;
  draft: ReviewDraft;
}

/**
 * SPEC §4: loading an entry sets the draft from its mappings, unchanged (or, after a failed save,
 * the draft that failed). When the entry on screen is saved by someone else meanwhile, the draft
 * follows it unless the reviewer has changed it (their save then meets the 409).
 */
export function useReviewDraft(setId: string, entry: Entry | undefined) {
  const [state, setState] = useState<DraftState | null>(null);
  let current = state;
  if (entry && (!state || state.string !== entry.string || (state.version !== entry.version && !isDraftChanged(state.draft, entry.mappings)))) {
    const kept = state?.string === entry.string ? undefined : unsavedDrafts.take(setId, entry.string);
    current = { string: entry.string, version: entry.version, draft: kept ?? draftOf(entry.mappings) };
    // Adjusting state while rendering: React renders again at once, before anything is shown.
    setState(current);
  }
  const draft = current?.draft;
  const changed = entry && draft ? isDraftChanged(draft, entry.mappings) : false;
  const update = useCallback((change: (draft: ReviewDraft) => ReviewDraft) => setState((previous) => (previous ? { ...previous, draft: change(previous.draft) } : previous)), []);
  /** The version the draft started from: what a save sends, so a save over someone's newer mapping meets the 409. */
  const baseVersion = current?.version ?? entry?.version ?? 0;
  return { draft, changed, update, baseVersion };
}
