import type { CodeRecord } from '@og/shared/contracts/schemes';
import { isSelfOrDescendant } from '@og/shared/domain/code-tree';
import { useState } from 'react';
import { notifyMoveRefused } from '../api/move-code';
import { isPendingCode } from '../api/scheme-tree-cache';

interface MovingState {
  /** The code being moved. */
  node: string;
  /** Where it would go: its new parent. */
  target: string;
}

export interface MovingMode {
  /** The chosen new parent of the selected code, or null when moving mode is off. */
  target: string | null;
  /**
   * Chooses where `node` goes (SPEC §4): the node itself resets the mode, and a node inside
   * its own subtree is refused with the red toast of SPEC §8.
   */
  choose: (node: string, target: string) => void;
  reset: () => void;
}

/** Moving mode (SPEC §4): off, or a chosen target for the selected code. */
export function useMovingMode(lookup: Readonly<Record<string, CodeRecord>>, selected: string | null): MovingMode {
  const [state, setState] = useState<MovingState | null>(null);
  const [stateFor, setStateFor] = useState(selected);

  // Selecting another code ends a move that was being prepared for the previous one.
  if (stateFor !== selected) {
    setStateFor(selected);
    if (state && state.node !== selected) setState(null);
  }

  const valid = state !== null && state.node === selected && lookup[state.node] !== undefined && lookup[state.target] !== undefined;

  return {
    target: valid ? state.target : null,
    choose(node, target) {
      if (node === target || isPendingCode(node) || isPendingCode(target)) {
        setState(null);
        return;
      }
      if (isSelfOrDescendant(lookup, node, target)) {
        notifyMoveRefused();
        setState(null);
        return;
      }
      setState({ node, target });
    },
    reset: () => setState(null),
  };
}
