import { type CodeMutationResult, codeMutationResult, type CodeRecord, type CreateCodeRequest } from '@og/shared/contracts/schemes';
import { codeCreatedMessage } from '@og/shared/errors/spec-messages';
import { api } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { schemeApiPath } from '../../../lib/schemes/scheme-keys';
import { isPendingCode, pendingCodeValue, type SchemeEditOptions, useSchemeEdit } from './scheme-tree-cache';

/** `POST /api/schemes/{scheme}/codes` (201): the new code, whose value is a fresh UUID. */
export function createCode(scheme: string, request: CreateCodeRequest): Promise<CodeMutationResult> {
  return api.post(`${schemeApiPath(scheme)}/codes`, request, codeMutationResult);
}

/** The create mutation's edit of the cached scheme data, and its toasts. */
export function createCodeEdit(scheme: string): SchemeEditOptions<CodeMutationResult, CreateCodeRequest> {
  return {
    request: (request: CreateCodeRequest) => createCode(scheme, request),
    // Shown at once under its parent with a stand-in value until the server names it.
    change: (lookup, request) => {
      const value = pendingCodeValue(newRequestKey());
      lookup[value] = { ...request, value, linkCount: 0, version: '' };
    },
    confirm: (lookup, { code }, request) => replaceStandIn(lookup, request, code),
    onSuccess: ({ code }) => notifyAdmin({ message: codeCreatedMessage(code.name, code.label), color: 'teal' }),
    onError: (error) => notifyAdmin({ title: 'Code not created', message: error.message, color: 'red' }),
  };
}

export function useCreateCode(scheme: string) {
  return useSchemeEdit(scheme, createCodeEdit(scheme));
}

/**
 * Puts the created code in place of the stand-in shown for its request (the pending code with
 * the request's parent, name and code). Until then its row has no page: a click on it would
 * leave the parent selected, and the Move or Delete tab would act on the parent.
 */
export function replaceStandIn(lookup: Record<string, CodeRecord>, request: CreateCodeRequest, created: CodeRecord): void {
  const standIn = Object.values(lookup).find(
    (record) => isPendingCode(record.value) && record.parent === request.parent && record.name === request.name && record.label === request.label,
  );
  if (standIn) delete lookup[standIn.value];
  lookup[created.value] = created;
}
