import { isKeyboardBusy } from '../review/review-shortcuts';

/** What a key does while giving second opinions: the review's own keys, less moving between entries and the entry search. */
export type SecondOpinionAction = { kind: 'toggle-prediction'; index: number } | { kind: 'focus-tree-search' } | { kind: 'send' } | { kind: 'help' };

export const secondOpinionShortcuts: { keys: string[]; what: string }[] = [
  { keys: ['1', '…', '5'], what: 'Choose or drop the first five predictions' },
  { keys: ['t'], what: 'Search the occupation tree; Enter picks the best match, Enter again adds it' },
  { keys: ['Enter'], what: 'Send your codes and go to the next entry' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** The action of a key press, or null when the key is not ours or a field, the tree or a button has it (as in the review). */
export function secondOpinionActionOf(event: KeyLike): SecondOpinionAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isKeyboardBusy(event.target, event.key)) return null;
  if (event.key === 'Enter') return { kind: 'send' };
  if (event.key === 't' || event.key === 'T') return { kind: 'focus-tree-search' };
  if (event.key === '?') return { kind: 'help' };
  return /^[1-5]$/.test(event.key) ? { kind: 'toggle-prediction', index: Number(event.key) - 1 } : null;
}
