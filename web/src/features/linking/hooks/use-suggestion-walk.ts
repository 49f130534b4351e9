import type { LinkSuggestions } from '@og/shared/contracts/link-suggestions';
import { useCallback, useState } from 'react';
import { startWalk, stepWalk, type SuggestionWalk, type SuggestionWalkStep } from '../suggestion-walk';

const emptyWalk = startWalk({});

/**
 * The Suggestions mode's walk over the pair's candidates, read once: it starts again at the best
 * code whenever a new answer arrives (the mode opened again, another pair, a suggestion job done),
 * codes dealt with by then (`handled`, read at that moment) last.
 */
export function useSuggestionWalk(suggestions: LinkSuggestions | undefined, handled: (code: string) => boolean): [SuggestionWalk, (step: SuggestionWalkStep) => void] {
  const [state, setState] = useState<{ from: LinkSuggestions | undefined; walk: SuggestionWalk }>({ from: undefined, walk: emptyWalk });
  let current = state;
  if (state.from !== suggestions) {
    // Derived from the answer during render (React's pattern for state reset by a prop): no frame shows the old walk.
    current = { from: suggestions, walk: suggestions ? startWalk(suggestions.codes, handled) : emptyWalk };
    setState(current);
  }
  const step = useCallback((next: SuggestionWalkStep) => setState((before) => ({ ...before, walk: stepWalk(before.walk, next) })), []);
  return [current.walk, step];
}
