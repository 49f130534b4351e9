import { describe, expect, it } from 'vitest';
import { isKeyboardBusy, reviewActionOf } from './review-shortcuts';

const key = (name: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: name, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('review shortcuts', () => {
  it('maps arrows, Enter, 1–5, / and t, and nothing with a modifier', () => {
    expect(reviewActionOf(key('ArrowLeft'))).toEqual({ kind: 'previous' });
    expect(reviewActionOf(key('ArrowRight'))).toEqual({ kind: 'next' });
    expect(reviewActionOf(key('Enter'))).toEqual({ kind: 'save' });
    expect(reviewActionOf(key('3'))).toEqual({ kind: 'toggle-prediction', index: 2 });
    expect(reviewActionOf(key('6'))).toBeNull();
    expect(reviewActionOf(key('/'))).toEqual({ kind: 'focus-entry-search' });
    expect(reviewActionOf(key('t'))).toEqual({ kind: 'focus-tree-search' });
    expect(reviewActionOf(key('y'))).toEqual({ kind: 'audit-right' });
    expect(reviewActionOf(key('n'))).toEqual({ kind: 'audit-wrong' });
    expect(reviewActionOf(key('ArrowRight', { ctrlKey: true }))).toBeNull();
    expect(reviewActionOf(key('r', { metaKey: true }))).toBeNull();
  });

  it('stays out of text fields and the tree, and leaves Enter to a focused button', () => {
    /** A stand-in element inside the given kinds of ancestors: `closest` matches a selector naming one of them. */
    const inside = (...kinds: string[]) => ({ closest: (selectors: string) => (kinds.some((kind) => selectors.split(', ').includes(kind)) ? ({} as Element) : null) });
    expect(isKeyboardBusy(inside('input'), 'ArrowRight')).toBe(true);
    expect(isKeyboardBusy(inside('[role="tree"]'), 'Enter')).toBe(true);
    expect(isKeyboardBusy(inside('button'), 'Enter')).toBe(true);
    expect(isKeyboardBusy(inside('button'), 'ArrowRight')).toBe(false);
    expect(isKeyboardBusy(inside('div'), 'Enter')).toBe(false);
    expect(isKeyboardBusy(null, 'Enter')).toBe(false);
  });
});
