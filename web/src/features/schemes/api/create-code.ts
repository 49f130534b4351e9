import { type CodeMutationResult, codeMutationResult, type CreateCodeRequest } from '@og/shared/contracts/schemes';
import { codeCreatedMessage } from '@og/shared/errors/spec-messages';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { schemeApiPath } from '../../../lib/schemes/scheme-keys';
import { pendingCodeValue, useSchemeEdit } from './scheme-tree-cache';

/** `POST /api/schemes/{scheme}/codes` (201): the new code, whose value is a fresh UUID. */
export function createCode(scheme: string, request: CreateCodeRequest): Promise<CodeMutationResult> {
  return api.post(`${schemeApiPath(scheme)}/codes`, request, codeMutationResult);
}

export function useCreateCode(scheme: string) {
  return useSchemeEdit(scheme, {
    request: (request: CreateCodeRequest) => createCode(scheme, request),
    // Shown at once under its parent with a stand-in value until the server names it.
    change: (lookup, request) => {
      const value = pendingCodeValue(newRequestKey());
      lookup[value] = { ...request, value, linkCount: 0, version: '' };
    },
    onSuccess: ({ code }) => notifyAdmin({ message: codeCreatedMessage(code.name, code.label), color: 'teal' }),
    onError: (error) => notifyAdmin({ title: 'Code not created', message: error.message, color: 'red' }),
  });
}
