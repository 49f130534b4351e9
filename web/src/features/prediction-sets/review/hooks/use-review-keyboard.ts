import { useEffect, useEffectEvent } from 'react';
import { isKeyboardBusy, type ReviewAction, reviewActionOf } from '../review-shortcuts';

/**
 * The review's keyboard on the whole window: arrows, Enter, 1–5, `/`, `t` and `?`, unless a
 * field, the tree or an open dialog has the key (SPEC: shortcuts rest while a search input has
 * the focus).
 */
export function useReviewKeyboard(onAction: (action: ReviewAction) => void, enabled: boolean): void {
  const act = useEffectEvent(onAction);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat && event.key === 'Enter') return;
      if (isKeyboardBusy(event.target, event.key)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const action = reviewActionOf(event);
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
