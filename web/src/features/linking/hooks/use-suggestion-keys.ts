import { useEffect, useEffectEvent } from 'react';

/** Typing in a field is no key of the mode; a read-only one (a picker such as the relation's) types nothing. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return !target.readOnly;
  return target.isContentEditable || target instanceof HTMLSelectElement;
}

/** Whether a key is one the Suggestions mode may take (what it does is decided by `suggestionKeyAction`). */
const modeKeys = /^([1-9xX ]|Enter|ArrowUp|ArrowDown|ArrowLeft)$/;

/**
 * The Suggestions mode's keys anywhere on the page, unless `enabled` is false, a key is typed into
 * a field, or something else took it first (a tree's own arrow keys, an open picker). `onKey`
 * answers whether it used the key; a used key does nothing else (Enter presses no focused button).
 */
export function useSuggestionKeys(enabled: boolean, onKey: (key: string) => boolean): void {
  const press = useEffectEvent(onKey);
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented || isEditable(event.target)) return;
      if (!modeKeys.test(event.key)) return;
      // A dialog or menu open over the page keeps its own keys.
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      if (press(event.key)) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
