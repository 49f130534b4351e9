import { describe, expect, it } from 'vitest';
import { panelKeyOf, panelKeysRest } from './review-panel-keys';
import { reviewActionOf } from './review-shortcuts';

const key = (name: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: name, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('panel keys', () => {
  it('maps g, i and b to their panels, and none with a modifier', () => {
    expect(panelKeyOf(key('g'))).toBe('tags');
    expect(panelKeyOf(key('i'))).toBe('settings');
    expect(panelKeyOf(key('b'))).toBe('bulk-accept');
    expect(panelKeyOf(key('g', { ctrlKey: true }))).toBeNull();
    expect(panelKeyOf(key('x'))).toBeNull();
  });

  it("takes no key of the screen's own", () => {
    for (const name of ['g', 'i', 'b']) expect(reviewActionOf(key(name))).toBeNull();
  });

  it('rests while a field has the focus or a dialog is open', () => {
    const field = { closest: (selectors: string) => (selectors.includes('input') ? ({} as Element) : null) };
    const body = { closest: () => null };
    expect(panelKeysRest({ target: field as unknown as EventTarget, key: 'g', defaultPrevented: false, isComposing: false }, false)).toBe(true);
    expect(panelKeysRest({ target: body as unknown as EventTarget, key: 'g', defaultPrevented: false, isComposing: false }, true)).toBe(true);
    expect(panelKeysRest({ target: body as unknown as EventTarget, key: 'g', defaultPrevented: false, isComposing: false }, false)).toBe(false);
  });
});
