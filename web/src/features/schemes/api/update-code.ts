import type { CodeMutationResult, CodeRecord, UpdateCodeRequest } from '@og/shared/contracts/schemes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { codeApiPath } from './scheme-keys';
import { changeCachedTree, refreshSchemeData, restoreCachedTree } from './scheme-tree-cache';

export interface UpdateCodeVariables {
  value: string;
  /** The version the form was loaded from: a change made meanwhile by someone else is refused (409). */
  version: string;
  changes: UpdateCodeRequest;
}

/** `PATCH /api/schemes/{scheme}/codes/{value}` with `If-Match: "{version}"`. */
export function updateCode(scheme: string, { value, version, changes }: UpdateCodeVariables): Promise<CodeMutationResult> {
  return api.patch<CodeMutationResult>(codeApiPath(scheme, value), changes, { headers: { 'if-match': `"${version}"` } });
}

function withChanges(record: CodeRecord, changes: UpdateCodeRequest): CodeRecord {
  const next: CodeRecord = { ...record };
  if (changes.name !== undefined) next.name = changes.name;
  if (changes.label !== undefined) next.label = changes.label;
  if (changes.description !== undefined) {
    if (changes.description) next.description = changes.description;
    else delete next.description;
  }
  return next;
}

export function useUpdateCode(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateCodeVariables) => updateCode(scheme, variables),
    onMutate: (variables) =>
      changeCachedTree(queryClient, scheme, (lookup) => {
        const record = lookup[variables.value];
        if (record) lookup[variables.value] = withChanges(record, variables.changes);
      }),
    onSuccess: ({ code }) => notifyAdmin({ message: `Occupation ${code.name} saved`, color: 'teal' }),
    // A 409 says someone else changed the code meanwhile; the refetch below shows their version.
    onError: (error, _variables, snapshot) => {
      restoreCachedTree(queryClient, snapshot);
      notifyAdmin({ title: 'Changes not saved', message: error.message, color: 'red' });
    },
    onSettled: () => refreshSchemeData(queryClient, scheme),
  });
}
