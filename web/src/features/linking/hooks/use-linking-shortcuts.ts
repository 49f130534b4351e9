import { useEffect, useEffectEvent } from 'react';
import { isShortcutKey, type ShortcutKey } from '../linking-shortcuts';

/** Typing in a field is not a shortcut; a read-only one (a picker such as the relation's) types nothing. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return !target.readOnly;
  return target.isContentEditable || target instanceof HTMLSelectElement;
}

/** W, A, S and D anywhere on the page (SPEC §4), unless `enabled` is false or a key is typed into a field. */
export function useLinkingShortcuts(enabled: boolean, onKey: (key: ShortcutKey) => void): void {
  const press = useEffectEvent(onKey);
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented || isEditable(event.target)) return;
      const key = event.key.toLowerCase();
      if (!isShortcutKey(key)) return;
      event.preventDefault();
      press(key);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
