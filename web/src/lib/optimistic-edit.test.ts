import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { optimisticEditOptions, type OptimisticEdit } from './optimistic-edit';

interface Counter {
  count: number;
}

/** A request the test answers when it likes. */
function pendingRequest() {
  const answer: { resolve: (result: string) => void; reject: (error: Error) => void } = { resolve: () => {}, reject: () => {} };
  const request = vi.fn(
    (_variables: number) =>
      new Promise<string>((resolve, reject) => {
        answer.resolve = resolve;
        answer.reject = reject;
      }),
  );
  return { answer, request };
}

/** Two reads of one thing under the key `['things', 'a', …]`, one of another thing, one still without data. */
function seededClient() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Counter>(['things', 'a', 1], { count: 1 });
  queryClient.setQueryData<Counter>(['things', 'a', 2], { count: 2 });
  queryClient.setQueryData<Counter>(['things', 'b'], { count: 10 });
  queryClient.getQueryCache().build(queryClient, { queryKey: ['things', 'a', 3] });
  const read = (...key: unknown[]) => queryClient.getQueryData<Counter>(key);
  return { queryClient, read };
}

function startEdit(queryClient: QueryClient, extra: Partial<OptimisticEdit<string, number, Counter>> = {}) {
  const { answer, request } = pendingRequest();
  const seen: string[] = [];
  const edit: OptimisticEdit<string, number, Counter> = {
    request,
    reads: () => ({ queryKey: ['things', 'a'] }),
    change: (data, by) => ({ count: data.count + by }),
    onChanged: vi.fn(() => void seen.push(`changed, request sent: ${request.mock.calls.length > 0}`)),
    onSuccess: vi.fn(),
    onError: vi.fn(() => void seen.push(`error, a1 is ${queryClient.getQueryData<Counter>(['things', 'a', 1])?.count}`)),
    refresh: vi.fn(() => void seen.push('refresh')),
    ...extra,
  };
  const mutation = new MutationObserver(queryClient, optimisticEditOptions(queryClient, edit)).mutate(5);
  return { answer, request, edit, mutation, seen };
}

describe('optimisticEditOptions', () => {
  it('writes the change into every read it names before the request goes out, and keeps it on success', async () => {
    const { queryClient, read } = seededClient();
    const { answer, request, edit, mutation, seen } = startEdit(queryClient);
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith(5, expect.anything()));
    expect([read('things', 'a', 1), read('things', 'a', 2), read('things', 'b'), read('things', 'a', 3)]).toEqual([{ count: 6 }, { count: 7 }, { count: 10 }, undefined]);
    expect(seen).toEqual(['changed, request sent: false']);

    answer.resolve('saved');
    await expect(mutation).resolves.toBe('saved');
    expect(edit.onSuccess).toHaveBeenCalledWith('saved', 5, [
      [['things', 'a', 1], { count: 1 }],
      [['things', 'a', 2], { count: 2 }],
      [['things', 'a', 3], undefined],
    ]);
    expect(edit.onError).not.toHaveBeenCalled();
    expect(seen).toEqual(['changed, request sent: false', 'refresh']);
    expect(read('things', 'a', 1)).toEqual({ count: 6 });
  });

  it('puts every read back when the request fails, then says so and reads again', async () => {
    const { queryClient, read } = seededClient();
    const { answer, request, edit, mutation, seen } = startEdit(queryClient);
    await vi.waitFor(() => expect(request).toHaveBeenCalled());

    const refusal = new Error('refused');
    answer.reject(refusal);
    await expect(mutation).rejects.toBe(refusal);
    expect([read('things', 'a', 1), read('things', 'a', 2), read('things', 'b'), read('things', 'a', 3)]).toEqual([{ count: 1 }, { count: 2 }, { count: 10 }, undefined]);
    expect(edit.onError).toHaveBeenCalledWith(refusal, 5);
    expect(edit.onSuccess).not.toHaveBeenCalled();
    expect(seen).toEqual(['changed, request sent: false', 'error, a1 is 1', 'refresh']);
  });

  it('cancels a fetch of the reads under way, so its older answer cannot overwrite the change', async () => {
    const { queryClient, read } = seededClient();
    let answerFetch: (data: Counter) => void = () => {};
    const fetching = queryClient.fetchQuery({ queryKey: ['things', 'a', 1], queryFn: () => new Promise<Counter>((resolve) => (answerFetch = resolve)), staleTime: 0 });
    const { answer, request, mutation } = startEdit(queryClient);
    await vi.waitFor(() => expect(request).toHaveBeenCalled());
    answerFetch({ count: 100 });
    await fetching;
    expect(read('things', 'a', 1)).toEqual({ count: 6 });

    answer.resolve('saved');
    await mutation;
    expect(read('things', 'a', 1)).toEqual({ count: 6 });
  });
});
