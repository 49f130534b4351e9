import { describe, expect, it } from 'vitest';
import { shortcutAction, shortcutMessage, type ShortcutContext } from './linking-shortcuts';

const context: ShortcutContext = {
  focused: 'source',
  selected: { source: 'Fishers', target: 'Fishing workers' },
  subtreeOpen: { source: false, target: false },
  terms: { source: '', target: '' },
  linkButton: { enabled: true, linked: false },
};
const withContext = (change: Partial<ShortcutContext>) => ({ ...context, ...change });

describe('the linking keyboard shortcuts (SPEC §4)', () => {
  it('W deselects the focused side, or closes an open subtree first (the focused one first)', () => {
    expect(shortcutAction('w', context)).toEqual({ type: 'deselect', side: 'source' });
    expect(shortcutAction('w', withContext({ focused: 'target' }))).toEqual({ type: 'deselect', side: 'target' });
    expect(shortcutAction('w', withContext({ subtreeOpen: { source: false, target: true } }))).toEqual({ type: 'closeSubtree', side: 'target' });
    expect(shortcutAction('w', withContext({ subtreeOpen: { source: true, target: true } }))).toEqual({ type: 'closeSubtree', side: 'source' });
    expect(shortcutAction('w', withContext({ selected: { source: null, target: 'x' } })).type).toBe('nothing');
  });

  it('A cleans up the focused side, or switches focus when nothing is selected there', () => {
    expect(shortcutAction('a', context)).toEqual({ type: 'cleanUp', side: 'source' });
    expect(shortcutAction('a', withContext({ selected: { source: null, target: 'x' } }))).toEqual({ type: 'switchFocus', side: 'target' });
    expect(shortcutAction('a', withContext({ focused: 'target', selected: { source: 'x', target: null } }))).toEqual({ type: 'switchFocus', side: 'source' });
  });

  it("S searches the other side for the selected code's name, and clears that search when it is already the term", () => {
    expect(shortcutAction('s', context)).toEqual({ type: 'search', side: 'target', term: 'Fishers' });
    expect(shortcutAction('s', withContext({ terms: { source: '', target: 'Fishers' } }))).toEqual({ type: 'clearSearch', side: 'target' });
    expect(shortcutAction('s', withContext({ focused: 'target' }))).toEqual({ type: 'search', side: 'source', term: 'Fishing workers' });
    expect(shortcutAction('s', withContext({ selected: { source: null, target: 'x' } })).type).toBe('nothing');
  });

  it('D toggles the link when the link button can be pressed', () => {
    expect(shortcutAction('d', context)).toEqual({ type: 'toggleLink', linked: false });
    expect(shortcutAction('d', withContext({ linkButton: { enabled: true, linked: true } }))).toEqual({ type: 'toggleLink', linked: true });
    expect(shortcutAction('d', withContext({ linkButton: { enabled: false, linked: false } })).type).toBe('nothing');
  });

  it('says what each press did', () => {
    expect(shortcutMessage({ type: 'toggleLink', linked: false })).toBe('Linked');
    expect(shortcutMessage({ type: 'toggleLink', linked: true })).toBe('Unlinked');
    expect(shortcutMessage({ type: 'search', side: 'target', term: 'Fishers' })).toBe('Searching the target side for "Fishers"');
    expect(shortcutMessage({ type: 'nothing', reason: 'Nothing is selected' })).toBe('Nothing is selected');
  });
});
