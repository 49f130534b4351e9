import { otherSide, sides, type LinkingAddress, type Side } from './linking-address';

/** A subtree view on one side (SPEC §4): the codes it shows and what they are. */
export interface SubtreeView {
  ids: string[];
  title: string;
  /** Tells one opening from the next, so each starts with its own expansion. */
  key: number;
}

/** The linking screen's state besides the address (SPEC §3 "Linking screen state"). */
export interface LinkingView {
  focused: Side;
  subtrees: Record<Side, SubtreeView | null>;
  terms: Record<Side, string>;
  /** Which search boxes have focus: while one does, the keyboard shortcuts are off. */
  searchFocus: Record<Side, boolean>;
  /** The address this state last saw. */
  address: LinkingAddress;
  openedSubtrees: number;
}

export type LinkingViewAction =
  | { type: 'address'; address: LinkingAddress }
  | { type: 'focus'; side: Side }
  | { type: 'openSubtree'; side: Side; ids: string[]; title: string }
  | { type: 'closeSubtree'; side: Side }
  | { type: 'search'; side: Side; term: string }
  | { type: 'searchFocus'; side: Side; focused: boolean };

export function initialLinkingView(address: LinkingAddress): LinkingView {
  return {
    focused: 'source',
    subtrees: { source: null, target: null },
    terms: { source: '', target: '' },
    searchFocus: { source: false, target: false },
    address,
    openedSubtrees: 0,
  };
}

export function shortcutsDisabled(view: LinkingView): boolean {
  return view.searchFocus.source || view.searchFocus.target;
}

export function sameAddress(a: LinkingAddress, b: LinkingAddress): boolean {
  return sides.every((side) => a.schemes[side] === b.schemes[side] && a.codes[side] === b.codes[side]);
}

export function linkingViewReducer(view: LinkingView, action: LinkingViewAction): LinkingView {
  switch (action.type) {
    case 'address': {
      const { address } = action;
      if (sameAddress(view.address, address)) return view;
      // SPEC §4 "Focus": a new left code focuses the source side, a new right code the target side;
      // a change of scheme or code through the address resets both search terms.
      let { focused } = view;
      if (address.codes.target !== view.address.codes.target && address.codes.target !== null) focused = 'target';
      if (address.codes.source !== view.address.codes.source && address.codes.source !== null) focused = 'source';
      const subtrees = { ...view.subtrees };
      // A subtree's ids are codes of the scheme it was opened in.
      for (const side of sides) if (address.schemes[side] !== view.address.schemes[side]) subtrees[side] = null;
      return { ...view, address, focused, subtrees, terms: { source: '', target: '' } };
    }
    case 'focus':
      return view.focused === action.side ? view : { ...view, focused: action.side };
    case 'openSubtree': {
      // SPEC §4: opened with a list of ids; an empty list closes it.
      if (action.ids.length === 0) return linkingViewReducer(view, { type: 'closeSubtree', side: action.side });
      const key = view.openedSubtrees + 1;
      return { ...view, openedSubtrees: key, subtrees: { ...view.subtrees, [action.side]: { ids: action.ids, title: action.title, key } } };
    }
    case 'closeSubtree': {
      if (view.subtrees[action.side] === null) return view;
      // SPEC §4: closing keeps the focus when the side has a selected code (its tree opens to it again), else moves it to the other side.
      const focused = view.address.codes[action.side] === null ? otherSide(action.side) : view.focused;
      return { ...view, focused, subtrees: { ...view.subtrees, [action.side]: null } };
    }
    case 'search':
      return { ...view, terms: { ...view.terms, [action.side]: action.term } };
    case 'searchFocus':
      return { ...view, searchFocus: { ...view.searchFocus, [action.side]: action.focused } };
  }
}
