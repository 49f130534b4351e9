import type { Mappings, PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { useCallback, useState } from 'react';
import { unsavedDrafts } from '../mapping-conflicts';
import { draftOf, isDraftChanged, type ReviewDraft } from '../review-draft';

type Entry = PredictionEntryAnswer['predictionEntry'];

interface DraftState {
  string: string;
  /** The entry's version and mapping the draft started from. */
  version: number;
  base: Mappings;
  draft: ReviewDraft;
}

/**
 * SPEC §4: loading an entry sets the draft from its mappings, unchanged (or, after a failed save
 * or a move away with unsaved choices, the draft kept then). When the entry on screen changes
 * underneath (another reviewer, a bulk acceptance, a save's answer), the draft follows it unless
 * the reviewer has changed it; then it stays, with the version it started from, so its save
 * meets the 409 and the reviewer chooses.
 */
export function useReviewDraft(setId: string, entry: Entry | undefined) {
  const [state, setState] = useState<DraftState | null>(null);
  let current = state;
  if (entry && (!state || state.string !== entry.string || state.version !== entry.version)) {
    const sameEntry = state?.string === entry.string;
    const untouched = sameEntry && (!isDraftChanged(state.draft, state.base) || !isDraftChanged(state.draft, entry.mappings));
    if (!sameEntry || untouched) {
      const kept = sameEntry ? undefined : unsavedDrafts.take(setId, entry.string);
      current = { string: entry.string, version: entry.version, base: entry.mappings, draft: kept ?? draftOf(entry.mappings) };
      // Adjusting state while rendering: React renders again at once, before anything is shown.
      setState(current);
    }
  }
  const draft = current?.draft;
  const changed = entry && draft ? isDraftChanged(draft, entry.mappings) : false;
  const update = useCallback((change: (draft: ReviewDraft) => ReviewDraft) => setState((previous) => (previous ? { ...previous, draft: change(previous.draft) } : previous)), []);
  /** The version the draft started from: what a save sends, so a save over someone's newer mapping meets the 409. */
  const baseVersion = current?.version ?? entry?.version ?? 0;
  return { draft, changed, update, baseVersion };
}
