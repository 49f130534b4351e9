import { describe, expect, it } from 'vitest';
import { readLinkingAddress } from './linking-address';
import { initialLinkingView, linkingViewReducer, shortcutsDisabled, type LinkingView } from './linking-view';

const address = (query: string) => readLinkingAddress(new URLSearchParams(query));
const start = initialLinkingView(address('lc=esco&rc=isco08'));

describe('the linking screen state', () => {
  it('focuses the side whose code changed, and resets both search terms on any address change', () => {
    let view = linkingViewReducer(start, { type: 'search', side: 'source', term: 'fisher' });
    view = linkingViewReducer(view, { type: 'search', side: 'target', term: 'fishery' });
    view = linkingViewReducer(view, { type: 'address', address: address('lc=esco&rc=isco08&rid=6222') });
    expect(view.focused).toBe('target');
    expect(view.terms).toEqual({ source: '', target: '' });
    view = linkingViewReducer(view, { type: 'address', address: address('lc=esco&rc=isco08&lid=a&rid=6222') });
    expect(view.focused).toBe('source');
  });

  it('ignores an unchanged address', () => {
    const searched = linkingViewReducer(start, { type: 'search', side: 'source', term: 'fisher' });
    expect(linkingViewReducer(searched, { type: 'address', address: address('lc=esco&rc=isco08') })).toBe(searched);
  });

  it('opens a subtree with ids, closes it with an empty list, and forgets it when its side changes scheme', () => {
    let view = linkingViewReducer(start, { type: 'openSubtree', side: 'target', ids: ['1', '2'], title: 'Direct links' });
    expect(view.subtrees.target).toEqual({ ids: ['1', '2'], title: 'Direct links', key: 1 });
    expect(linkingViewReducer(view, { type: 'openSubtree', side: 'target', ids: [], title: '' }).subtrees.target).toBeNull();
    view = linkingViewReducer(view, { type: 'address', address: address('lc=esco&rc=soc2020') });
    expect(view.subtrees.target).toBeNull();
  });

  it('keeps the focus when a subtree closes on a side with a selected code, else moves it to the other side', () => {
    const withSelection: LinkingView = { ...start, focused: 'target', address: address('lc=esco&rc=isco08&rid=1') };
    const opened = linkingViewReducer(withSelection, { type: 'openSubtree', side: 'target', ids: ['1'], title: 'x' });
    expect(linkingViewReducer(opened, { type: 'closeSubtree', side: 'target' }).focused).toBe('target');
    const openedLeft = linkingViewReducer(withSelection, { type: 'openSubtree', side: 'source', ids: ['1'], title: 'x' });
    expect(linkingViewReducer(openedLeft, { type: 'closeSubtree', side: 'source' }).focused).toBe('target');
  });

  it('turns the shortcuts off while a search box has focus', () => {
    const focused = linkingViewReducer(start, { type: 'searchFocus', side: 'target', focused: true });
    expect(shortcutsDisabled(start)).toBe(false);
    expect(shortcutsDisabled(focused)).toBe(true);
    expect(shortcutsDisabled(linkingViewReducer(focused, { type: 'searchFocus', side: 'target', focused: false }))).toBe(false);
  });
});
