import type { CodeRecord, SchemeTree } from '@og/shared/contracts/schemes';
import { buildNestedTree } from '@og/shared/domain/code-tree';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { optimisticEditOptions } from '../../../lib/optimistic-edit';
import { schemeKeys } from '../../../lib/schemes/scheme-keys';

/** Codes shown before the server has answered a create carry a value with this prefix. */
const pendingPrefix = 'pending:';

export function pendingCodeValue(key: string): string {
  return `${pendingPrefix}${key}`;
}

export function isPendingCode(value: string): boolean {
  return value.startsWith(pendingPrefix);
}

/** SPEC §4: scheme data is refetched after every outcome (the list too: its counts change). */
function refreshSchemeData(queryClient: QueryClient, scheme: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: schemeKeys.tree(scheme) }),
    queryClient.invalidateQueries({ queryKey: schemeKeys.list() }),
  ]);
}

export interface SchemeEditOptions<TResult, TVariables> {
  /** The request to the server. */
  request: (variables: TVariables) => Promise<TResult>;
  /** The edit as the server should make it, applied at once to a copy of the cached lookup. */
  change: (lookup: Record<string, CodeRecord>, variables: TVariables) => void;
  /**
   * The server's answer written into the cached lookup as it arrives, before the refetch lands
   * (a created code takes its real value in place of its stand-in, so it can be opened at once).
   */
  confirm?: (lookup: Record<string, CodeRecord>, result: TResult, variables: TVariables) => void;
  /** The green toast; `previous` is the scheme data from before the change. */
  onSuccess: (result: TResult, variables: TVariables, previous: SchemeTree | undefined) => void;
  /** The red toast, after the change has been rolled back. */
  onError: (error: Error, variables: TVariables) => void;
}

/**
 * SPEC §4: a mutation of one scheme's codes, applied to the cached scheme data first, rolled
 * back if the server refuses it, and followed by a refetch whatever the outcome.
 */
export function useSchemeEdit<TResult, TVariables>(scheme: string, edit: SchemeEditOptions<TResult, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation(schemeEditOptions(queryClient, scheme, edit));
}

/** The scheme data with `edit` applied to a copy of its lookup; the nested tree is rebuilt from it in notation order. */
function withEditedLookup(tree: SchemeTree, edit: (lookup: Record<string, CodeRecord>) => void): SchemeTree {
  const lookup = { ...tree.lookup };
  edit(lookup);
  return { ...tree, lookup, nestedData: buildNestedTree(lookup) };
}

/** The options of `useSchemeEdit`'s mutation. */
export function schemeEditOptions<TResult, TVariables>(queryClient: QueryClient, scheme: string, edit: SchemeEditOptions<TResult, TVariables>) {
  const treeKey = schemeKeys.tree(scheme);
  return optimisticEditOptions<TResult, TVariables, SchemeTree>(queryClient, {
    request: edit.request,
    reads: () => ({ queryKey: treeKey, exact: true }),
    change: (tree, variables) => withEditedLookup(tree, (lookup) => edit.change(lookup, variables)),
    onSuccess: (result, variables, previous) => {
      const { confirm } = edit;
      if (confirm) {
        queryClient.setQueryData<SchemeTree>(treeKey, (tree) =>
          tree === undefined ? tree : withEditedLookup(tree, (lookup) => confirm(lookup, result, variables)),
        );
      }
      edit.onSuccess(result, variables, previous[0]?.[1]);
    },
    onError: edit.onError,
    refresh: () => refreshSchemeData(queryClient, scheme),
  });
}

/** The reasons a refused change came with (`details.reasons` of a 409), if any. */
export function refusalReasons(error: Error): string[] {
  if (!(error instanceof ApiError)) return [];
  const details = error.details as { reasons?: unknown } | undefined;
  const reasons = details?.reasons;
  return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string') : [];
}
