import type { CodeMutationResult } from '@og/shared/contracts/schemes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { codeApiPath } from './scheme-keys';
import { changeCachedTree, refreshSchemeData, restoreCachedTree } from './scheme-tree-cache';

export interface MoveCodeVariables {
  value: string;
  /** The new parent's value. */
  parent: string;
}

/** `POST /api/schemes/{scheme}/codes/{value}/move`: refused (409) under one of its own descendants. */
export function moveCode(scheme: string, { value, parent }: MoveCodeVariables): Promise<CodeMutationResult> {
  return api.post<CodeMutationResult>(`${codeApiPath(scheme, value)}/move`, { parent });
}

/** SPEC §8: the red toast of a refused move, one line: 'Move failed: {reason}'. */
export function notifyMoveRefused(reason = 'Cannot move a node inside one of its descendants.'): void {
  notifyAdmin({ message: `Move failed: ${reason}`, color: 'red' });
}

export function useMoveCode(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: MoveCodeVariables) => moveCode(scheme, variables),
    onMutate: (variables) =>
      changeCachedTree(queryClient, scheme, (lookup) => {
        const record = lookup[variables.value];
        if (record) lookup[variables.value] = { ...record, parent: variables.parent };
      }),
    onSuccess: ({ code }, variables, snapshot) => {
      const target = snapshot.previous?.lookup[variables.parent]?.name ?? variables.parent;
      notifyAdmin({ message: `Move successful: Moved node "${code.name}" to "${target}".`, color: 'teal' });
    },
    onError: (error, _variables, snapshot) => {
      restoreCachedTree(queryClient, snapshot);
      notifyMoveRefused(error.message);
    },
    onSettled: () => refreshSchemeData(queryClient, scheme),
  });
}
