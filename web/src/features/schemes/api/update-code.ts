import { codeMutationResult, type CodeMutationResult, type CodeRecord, type UpdateCodeRequest } from '@og/shared/contracts/schemes';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { codeApiPath } from '../../../lib/schemes/scheme-keys';
import { useSchemeEdit } from './scheme-tree-cache';

export interface UpdateCodeVariables {
  value: string;
  /** The version the form was loaded from: a change made meanwhile by someone else is refused (409). */
  version: string;
  changes: UpdateCodeRequest;
}

/** `PATCH /api/schemes/{scheme}/codes/{value}` with `If-Match: "{version}"`. */
export function updateCode(scheme: string, { value, version, changes }: UpdateCodeVariables): Promise<CodeMutationResult> {
  return api.patch(codeApiPath(scheme, value), changes, codeMutationResult, { headers: { 'if-match': `"${version}"` } });
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
  return useSchemeEdit(scheme, {
    request: (variables: UpdateCodeVariables) => updateCode(scheme, variables),
    change: (lookup, { value, changes }) => {
      const record = lookup[value];
      if (record) lookup[value] = withChanges(record, changes);
    },
    onSuccess: ({ code }) => notifyAdmin({ message: `Occupation ${code.name} saved`, color: 'teal' }),
    // A 409 says someone else changed the code meanwhile; the refetch that follows shows their version.
    onError: (error) => notifyAdmin({ title: 'Changes not saved', message: error.message, color: 'red' }),
  });
}
