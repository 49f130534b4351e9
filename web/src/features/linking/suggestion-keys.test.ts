import { describe, expect, it } from 'vitest';
import { isShortcutKey } from './linking-shortcuts';
import { suggestionKeyAction, type SuggestionKeyContext } from './suggestion-keys';

const admin: SuggestionKeyContext = { candidates: 10, highlighted: 3, canEdit: true };

describe('suggestionKeyAction', () => {
  it('chooses the candidate of a number key, 1 the first', () => {
    expect(suggestionKeyAction('1', admin)).toEqual({ type: 'toggle', index: 0 });
    expect(suggestionKeyAction('9', admin)).toEqual({ type: 'toggle', index: 8 });
    expect(suggestionKeyAction('0', admin)).toBeNull();
  });

  it('ignores a number beyond the candidates shown', () => {
    expect(suggestionKeyAction('3', { ...admin, candidates: 2 })).toBeNull();
    expect(suggestionKeyAction('2', { ...admin, candidates: 2 })).toEqual({ type: 'toggle', index: 1 });
  });

  it('chooses (Space) and rejects (x) the highlighted candidate', () => {
    expect(suggestionKeyAction(' ', admin)).toEqual({ type: 'toggle', index: 3 });
    expect(suggestionKeyAction('x', admin)).toEqual({ type: 'reject', index: 3 });
    expect(suggestionKeyAction('X', admin)).toEqual({ type: 'reject', index: 3 });
    expect(suggestionKeyAction('x', { ...admin, candidates: 0, highlighted: 0 })).toBeNull();
  });

  it('lets members walk and look, never choose or reject', () => {
    const member = { ...admin, canEdit: false };
    expect(suggestionKeyAction('1', member)).toBeNull();
    expect(suggestionKeyAction('x', member)).toBeNull();
    expect(suggestionKeyAction(' ', member)).toBeNull();
    expect(suggestionKeyAction('Enter', member)).toEqual({ type: 'save' });
    expect(suggestionKeyAction('ArrowDown', member)).toEqual({ type: 'highlight', index: 4 });
  });

  it('moves the highlight within the list and goes back with ←', () => {
    expect(suggestionKeyAction('ArrowUp', { ...admin, highlighted: 0 })).toEqual({ type: 'highlight', index: 0 });
    expect(suggestionKeyAction('ArrowDown', { ...admin, highlighted: 9 })).toEqual({ type: 'highlight', index: 9 });
    expect(suggestionKeyAction('ArrowLeft', admin)).toEqual({ type: 'previous' });
  });

  it('leaves W, A, S and D to the linking shortcuts', () => {
    for (const key of ['w', 'a', 's', 'd']) {
      expect(isShortcutKey(key)).toBe(true);
      expect(suggestionKeyAction(key, admin)).toBeNull();
    }
  });
});
