import { type CodeMutationResult, codeMutationResult } from '@og/shared/contracts/schemes';
import { moveFailedMessage, moveIntoDescendantMessage, moveSuccessfulMessage } from '@og/shared/errors/spec-messages';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { codeApiPath } from '../../../lib/schemes/scheme-keys';
import { useSchemeEdit } from './scheme-tree-cache';

export interface MoveCodeVariables {
  value: string;
  /** The new parent's value. */
  parent: string;
}

/** `POST /api/schemes/{scheme}/codes/{value}/move`: refused (409) under one of its own descendants. */
export function moveCode(scheme: string, { value, parent }: MoveCodeVariables): Promise<CodeMutationResult> {
  return api.post(`${codeApiPath(scheme, value)}/move`, { parent }, codeMutationResult);
}

/** SPEC §8: the red toast of a refused move, one line: 'Move failed: {reason}'. */
export function notifyMoveRefused(reason = moveIntoDescendantMessage): void {
  notifyAdmin({ message: moveFailedMessage(reason), color: 'red' });
}

export function useMoveCode(scheme: string) {
  return useSchemeEdit(scheme, {
    request: (variables: MoveCodeVariables) => moveCode(scheme, variables),
    change: (lookup, { value, parent }) => {
      const record = lookup[value];
      if (record) lookup[value] = { ...record, parent };
    },
    onSuccess: ({ code }, { parent }, previous) => {
      const target = previous?.lookup[parent]?.name ?? parent;
      notifyAdmin({ message: moveSuccessfulMessage(code.name, target), color: 'teal' });
    },
    onError: (error) => notifyMoveRefused(error.message),
  });
}
