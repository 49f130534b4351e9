import type { Mappings } from '@og/shared/contracts/predictions';
import { useSyncExternalStore } from 'react';
import type { ReviewDraft } from './review-draft';

/** A save refused because another reviewer saved the entry first (409): theirs, and what this reviewer tried to save. */
export interface MappingConflict {
  setId: string;
  string: string;
  theirs: Pick<Mappings, 'nodeURIs' | 'predictionURIs' | 'tags'> & { version: number };
  mine: ReviewDraft;
}

/**
 * The open conflict, outside React state: the save that meets it may finish after the screen
 * moved to another entry (the save is optimistic), so it lives beside the screen, not in it.
 */
let current: MappingConflict | null = null;
const listeners = new Set<() => void>();

export const mappingConflicts = {
  open(conflict: MappingConflict) {
    current = conflict;
    for (const listener of listeners) listener();
  },
  close() {
    current = null;
    for (const listener of listeners) listener();
  },
};

export function useMappingConflict(): MappingConflict | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * Drafts whose save failed, by set and string: coming back to the entry shows the draft again,
 * unsaved, instead of losing the reviewer's choices.
 */
const failedDrafts = new Map<string, ReviewDraft>();
const draftKey = (setId: string, string: string) => `${setId}\u0000${string}`;

export const unsavedDrafts = {
  keep: (setId: string, string: string, draft: ReviewDraft) => failedDrafts.set(draftKey(setId, string), draft),
  take: (setId: string, string: string): ReviewDraft | undefined => failedDrafts.get(draftKey(setId, string)),
  drop: (setId: string, string: string) => failedDrafts.delete(draftKey(setId, string)),
};
