import type { MutationKey, QueryClient, QueryFilters, QueryKey, UseMutationOptions } from '@tanstack/react-query';

/** The cached reads an optimistic edit changed, each with its data from before the change. */
export type OptimisticSnapshot<TData> = ReadonlyArray<readonly [QueryKey, TData | undefined]>;

export interface OptimisticEdit<TResult, TVariables, TData> {
  /** The edit runs under this key, so a screen can wait while one is pending. */
  mutationKey?: MutationKey;
  /** The request to the server. */
  request: (variables: TVariables) => Promise<TResult>;
  /** The cached reads that show the edit at once. */
  reads: (variables: TVariables) => QueryFilters;
  /** The edit as the server should make it, applied to each of those reads that holds data. */
  change: (data: TData, variables: TVariables) => TData;
  /** What else moves at once, after the change and before the request goes out; not put back on failure. */
  onChanged?: (variables: TVariables) => void;
  /** After the server took the edit; `previous` holds the reads as they were before the change. */
  onSuccess?: (result: TResult, variables: TVariables, previous: OptimisticSnapshot<TData>) => void;
  /** After a refused or failed edit has been taken back out of the reads. */
  onError?: (error: Error, variables: TVariables) => void;
  /** Reads again whatever the outcome; the mutation settles once this promise does. */
  refresh?: (variables: TVariables) => Promise<unknown> | void;
}

/**
 * The options of a mutation shown before the server answers (SPEC §4): fetches of the reads it
 * changes are cancelled (one landing later would overwrite the change), their data kept, the
 * change written into them, put back if the request fails, and `refresh` run after either outcome.
 */
export function optimisticEditOptions<TResult, TVariables, TData>(
  queryClient: QueryClient,
  edit: OptimisticEdit<TResult, TVariables, TData>,
): UseMutationOptions<TResult, Error, TVariables, OptimisticSnapshot<TData>> {
  return {
    mutationKey: edit.mutationKey,
    mutationFn: edit.request,
    async onMutate(variables) {
      const reads = edit.reads(variables);
      await queryClient.cancelQueries(reads);
      const previous = queryClient.getQueriesData<TData>(reads);
      queryClient.setQueriesData<TData>(reads, (data) => (data === undefined ? data : edit.change(data, variables)));
      edit.onChanged?.(variables);
      return previous;
    },
    onSuccess: (result, variables, previous) => edit.onSuccess?.(result, variables, previous),
    onError(error, variables, previous) {
      for (const [queryKey, data] of previous ?? []) queryClient.setQueryData(queryKey, data);
      edit.onError?.(error, variables);
    },
    onSettled: (_result, _error, variables) => edit.refresh?.(variables),
  };
}
