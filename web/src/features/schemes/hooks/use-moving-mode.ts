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

interface MovingModeState {
  /** The selection this state belongs to. */
  selected: string | null;
  choice: MovingState | null;
}

/** Moving mode (SPEC §4): off, or a chosen target for the selected code. */
export function useMovingMode(lookup: Readonly<Record<string, CodeRecord>>, selected: string | null): MovingMode {
  const [state, setState] = useState<MovingModeState>({ selected, choice: null });

  // Selecting another code ends a move prepared for the previous one (a drag chooses for the
  // code it is about to select, so that choice stays). Updater form: navigation renders in a
  // transition, and React may replay this update later; it is then a no-op.
  if (state.selected !== selected) {
    setState((current) =>
      current.selected === selected ? current : { selected, choice: current.choice?.node === selected ? current.choice : null },
    );
  }

  const { choice } = state;
  const valid = choice !== null && choice.node === selected && lookup[choice.node] !== undefined && lookup[choice.target] !== undefined;
  const setChoice = (next: MovingState | null) => setState((current) => ({ ...current, choice: next }));

  return {
    target: valid ? choice.target : null,
    choose(node, target) {
      if (node === target || isPendingCode(node) || isPendingCode(target)) {
        setChoice(null);
        return;
      }
      if (isSelfOrDescendant(lookup, node, target)) {
        notifyMoveRefused();
        setChoice(null);
        return;
      }
      setChoice({ node, target });
    },
    reset: () => setChoice(null),
  };
}
