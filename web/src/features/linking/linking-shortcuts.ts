import { otherSide, type Side } from './linking-address';

/** SPEC §4 "Keyboard shortcuts". */
export const shortcutKeys = ['w', 'a', 's', 'd'] as const;
export type ShortcutKey = (typeof shortcutKeys)[number];

export function isShortcutKey(key: string): key is ShortcutKey {
  return (shortcutKeys as readonly string[]).includes(key);
}

/** SPEC §9: how long a key notification shows. */
export const keyNotificationDuration = 1_000;

/** What the shortcuts need to know of the screen. */
export interface ShortcutContext {
  focused: Side;
  /** The selected code's name on each side, or null. */
  selected: Record<Side, string | null>;
  subtreeOpen: Record<Side, boolean>;
  terms: Record<Side, string>;
  /** The link button's state: whether it can be pressed, and whether it would unlink. */
  linkButton: { enabled: boolean; linked: boolean };
}

export type ShortcutAction =
  | { type: 'closeSubtree'; side: Side }
  | { type: 'deselect'; side: Side }
  | { type: 'cleanUp'; side: Side }
  | { type: 'switchFocus'; side: Side }
  | { type: 'search'; side: Side; term: string }
  | { type: 'clearSearch'; side: Side }
  | { type: 'toggleLink'; linked: boolean }
  | { type: 'nothing'; reason: string };

/**
 * What a key does (SPEC §4): W deselects the focused side's code, or closes the subtree if one is
 * open (the focused side's first); A cleans up: opens the tree to the selected code, or switches
 * focus when nothing is selected; S searches the other side for the selected code's name, or
 * clears that search when it already is that name; D toggles the link.
 */
export function shortcutAction(key: ShortcutKey, context: ShortcutContext): ShortcutAction {
  const { focused } = context;
  const other = otherSide(focused);
  const name = context.selected[focused];
  switch (key) {
    case 'w':
      if (context.subtreeOpen[focused]) return { type: 'closeSubtree', side: focused };
      if (context.subtreeOpen[other]) return { type: 'closeSubtree', side: other };
      return name === null ? { type: 'nothing', reason: 'Nothing is selected' } : { type: 'deselect', side: focused };
    case 'a':
      return name === null ? { type: 'switchFocus', side: other } : { type: 'cleanUp', side: focused };
    case 's':
      if (name === null) return { type: 'nothing', reason: 'Select a code to search the other side for' };
      return context.terms[other] === name ? { type: 'clearSearch', side: other } : { type: 'search', side: other, term: name };
    case 'd':
      if (!context.linkButton.enabled) return { type: 'nothing', reason: 'These codes cannot be linked' };
      return { type: 'toggleLink', linked: context.linkButton.linked };
  }
}

const sideNames: Record<Side, string> = { source: 'source', target: 'target' };

/** The key notification's text. */
export function shortcutMessage(action: ShortcutAction): string {
  switch (action.type) {
    case 'closeSubtree':
      return `Closed the ${sideNames[action.side]} subtree`;
    case 'deselect':
      return `Deselected the ${sideNames[action.side]} code`;
    case 'cleanUp':
      return `Cleaned up the ${sideNames[action.side]} tree`;
    case 'switchFocus':
      return `Focus on the ${sideNames[action.side]} side`;
    case 'search':
      return `Searching the ${sideNames[action.side]} side for "${action.term}"`;
    case 'clearSearch':
      return `Cleared the ${sideNames[action.side]} search`;
    case 'toggleLink':
      return action.linked ? 'Unlinked' : 'Linked';
    case 'nothing':
      return action.reason;
  }
}
