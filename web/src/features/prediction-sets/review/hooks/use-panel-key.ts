import { useEffect, useEffectEvent } from 'react';
import { type PanelKey, panelKeyOf, panelKeysRest } from '../review-panel-keys';

/** Calls `onKey` when the panel's key is pressed on the review, unless a field, the tree or a dialog has the key. */
export function usePanelKey(panel: PanelKey, onKey: () => void, enabled = true): void {
  const act = useEffectEvent(onKey);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (panelKeyOf(event) !== panel) return;
      if (panelKeysRest(event, document.querySelector('[role="dialog"][aria-modal="true"]') !== null)) return;
      event.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [panel, enabled]);
}
