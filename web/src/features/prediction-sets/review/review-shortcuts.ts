/** The review's keyboard (SPEC §2: arrows; beyond SPEC the rest), as the help popover lists it. */
export type ReviewAction =
  | { kind: 'previous' }
  | { kind: 'next' }
  | { kind: 'save' }
  | { kind: 'toggle-prediction'; index: number }
  | { kind: 'focus-entry-search' }
  | { kind: 'focus-tree-search' }
  | { kind: 'help' }
  /** Checking a sample (issue 30): the top prediction is right, or wrong (then the right code is chosen and Enter sends it). */
  | { kind: 'audit-right' }
  | { kind: 'audit-wrong' };

export const reviewShortcuts: { keys: string[]; what: string }[] = [
  { keys: ['←', '→'], what: 'Previous and next entry' },
  { keys: ['1', '…', '5'], what: 'Choose or drop the first five predictions' },
  { keys: ['Enter'], what: 'Save and go to the next entry' },
  { keys: ['/'], what: 'Search the entries' },
  { keys: ['t'], what: 'Search the occupation tree; Enter on a tree row adds it' },
  { keys: ['a'], what: 'Tick all the similar entries shown, to save them with this one (again: untick them)' },
  { keys: ['Shift', 'Enter'], what: 'In the entry search: tick the highlighted entry instead of opening it' },
  { keys: ['y'], what: 'Checking a sample: the top prediction is right (next)' },
  { keys: ['n'], what: 'Checking a sample: it is wrong; choose the right code(s), then Enter' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

/**
 * Shortcuts are off while the user types or works a widget that uses these keys itself (SPEC:
 * disabled while a search input has focus): text fields, selects, the tree, sliders, open menus
 * and anything editable. A focused button or link keeps Enter (it presses it) but not the rest.
 */
export function isKeyboardBusy(target: EventTarget | Pick<Element, 'closest'> | null, key: string): boolean {
  if (!target || typeof (target as Partial<Element>).closest !== 'function') return false;
  const element = target as Pick<Element, 'closest'>;
  if (element.closest('input, textarea, select, [contenteditable="true"], [role="tree"], [role="slider"], [role="combobox"], [role="listbox"], [role="menu"]')) return true;
  return (key === 'Enter' || key === ' ') && element.closest('button, a[href], [role="button"], [role="checkbox"]') !== null;
}

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The action of a key press, or null for keys the review leaves alone. */
export function reviewActionOf(event: KeyLike): ReviewAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return { kind: 'previous' };
    case 'ArrowRight':
      return { kind: 'next' };
    case 'Enter':
      return { kind: 'save' };
    case '/':
      return { kind: 'focus-entry-search' };
    case 't':
    case 'T':
      return { kind: 'focus-tree-search' };
    case '?':
      return { kind: 'help' };
    case 'y':
    case 'Y':
      return { kind: 'audit-right' };
    case 'n':
    case 'N':
      return { kind: 'audit-wrong' };
    default:
      return /^[1-5]$/.test(event.key) ? { kind: 'toggle-prediction', index: Number(event.key) - 1 } : null;
  }
}
