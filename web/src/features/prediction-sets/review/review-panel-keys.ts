import { isKeyboardBusy } from './review-shortcuts';

/** Keys of the review's panels (issue 29), each handled by the panel it opens; listed under `?` after the screen's own. */
export type PanelKey = 'tags' | 'settings' | 'bulk-accept';

export const panelShortcuts: { keys: string[]; what: string }[] = [
  { keys: ['↑', '↓'], what: 'In the tree search: move through the results (the best match is highlighted; Enter picks it)' },
  { keys: ['g'], what: 'Tag the mapping: pick a tag or type a new one, Enter confirms it' },
  { keys: ['i'], what: "The review's settings: threshold, filter, order, goal and coverage" },
  { keys: ['b'], what: 'Bulk accept the predictions at or above a confidence' },
  { keys: ['Escape'], what: 'Leave a search box or the tag field' },
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The panel a key opens, or null. */
export function panelKeyOf(event: KeyLike): PanelKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case 'g':
    case 'G':
      return 'tags';
    case 'i':
    case 'I':
      return 'settings';
    case 'b':
    case 'B':
      return 'bulk-accept';
    default:
      return null;
  }
}

/** Whether the review's keys rest for this key press: a field, the tree or an open dialog has it (as the screen's own keys). */
export function panelKeysRest(event: Pick<KeyboardEvent, 'target' | 'key' | 'defaultPrevented' | 'isComposing'>, dialogOpen: boolean): boolean {
  return event.defaultPrevented || event.isComposing || dialogOpen || isKeyboardBusy(event.target, event.key);
}
