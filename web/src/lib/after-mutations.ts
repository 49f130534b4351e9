import type { MutationKey, QueryClient } from '@tanstack/react-query';

/**
 * Runs `run` at once when no mutation under `mutationKey` is pending, else as soon as none is
 * (a mutation counts as pending until its onSettled has finished). Answers null when it ran at
 * once, else a function that stops the wait.
 */
export function afterMutations(queryClient: QueryClient, mutationKey: MutationKey, run: () => void): (() => void) | null {
  const pending = () => queryClient.isMutating({ mutationKey }) > 0;
  if (!pending()) {
    run();
    return null;
  }
  const stop = queryClient.getMutationCache().subscribe(() => {
    if (pending()) return;
    stop();
    run();
  });
  return stop;
}
