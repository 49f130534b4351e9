import { maxNumberedCandidates } from './suggestion-walk';

/** What a key does in the Suggestions mode (beside W, A, S and D, which keep their meaning). */
export type SuggestionKeyAction =
  | { type: 'toggle'; index: number }
  | { type: 'reject'; index: number }
  | { type: 'highlight'; index: number }
  | { type: 'save' }
  | { type: 'previous' };

/** What the keys need to know of the walk. */
export interface SuggestionKeyContext {
  /** Candidates shown for the current code (0 when the walk is over). */
  candidates: number;
  highlighted: number;
  /** Whether links can be made and pairs rejected (admins). */
  canEdit: boolean;
}

/** The Suggestions mode's keys, for the page's shortcut help (`does`) and the mode's panel (`short`); `edit`: admins' alone. */
export const suggestionKeys: readonly { keys: string; does: string; short: string; edit: boolean }[] = [
  { keys: '1–9', does: 'choose a candidate (again: unchoose)', short: 'choose', edit: true },
  { keys: 'Space', does: 'choose the highlighted candidate', short: 'choose highlighted', edit: true },
  { keys: 'X', does: 'reject the highlighted candidate', short: 'reject highlighted', edit: true },
  { keys: '↑ ↓', does: 'highlight a candidate', short: 'highlight', edit: false },
  { keys: 'Enter', does: 'link the chosen and go to the next code', short: 'link chosen, next code', edit: false },
  { keys: '←', does: 'back to the previous code', short: 'back', edit: false },
];

/**
 * A key's action in the Suggestions mode, or null when the key is not one of its keys (or does
 * nothing here): `1`–`9` choose the candidate of that number, Space the highlighted one (the tenth has no number), `x` rejects the highlighted one,
 * ↑ ↓ move the highlight, Enter saves and goes on, ← goes back. Choosing and rejecting are for
 * admins; members walk and look.
 */
export function suggestionKeyAction(key: string, context: SuggestionKeyContext): SuggestionKeyAction | null {
  if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    return context.canEdit && index < Math.min(context.candidates, maxNumberedCandidates) ? { type: 'toggle', index } : null;
  }
  switch (key) {
    case ' ':
      return context.canEdit && context.highlighted < context.candidates ? { type: 'toggle', index: context.highlighted } : null;
    case 'x':
    case 'X':
      return context.canEdit && context.highlighted < context.candidates ? { type: 'reject', index: context.highlighted } : null;
    case 'ArrowDown':
      return context.candidates > 0 ? { type: 'highlight', index: Math.min(context.candidates - 1, context.highlighted + 1) } : null;
    case 'ArrowUp':
      return context.candidates > 0 ? { type: 'highlight', index: Math.max(0, context.highlighted - 1) } : null;
    case 'Enter':
      return { type: 'save' };
    case 'ArrowLeft':
      return { type: 'previous' };
    default:
      return null;
  }
}
