import type { CodeRecord, SchemeTree } from '@og/shared/contracts/schemes';
import { buildNestedTree } from '@og/shared/domain/code-tree';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { schemeKeys } from '../../../lib/schemes/scheme-keys';
import { schemeEditOptions, type SchemeEditOptions } from './scheme-tree-cache';

const record = (value: string, parent?: string): CodeRecord => ({
  value,
  name: `name ${value}`,
  label: value,
  ...(parent ? { parent } : {}),
  linkCount: 0,
  version: 'v',
});

/**
 * Starts moving code `b` under `c` the way the move mutation edits the cache, with a request
 * the test answers when it likes; returns once the request has gone out.
 */
async function startMove() {
  const lookup = { a: record('a'), b: record('b', 'a'), c: record('c') };
  const tree: SchemeTree = { scheme: 'hisco', lookup, nestedData: buildNestedTree(lookup) };
  const queryClient = new QueryClient();
  queryClient.setQueryData(schemeKeys.tree('s'), tree);

  const answer: { resolve: (result: string) => void; reject: (error: Error) => void } = { resolve: () => {}, reject: () => {} };
  const request = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        answer.resolve = resolve;
        answer.reject = reject;
      }),
  );
  const edit: SchemeEditOptions<string, string> = {
    request,
    change: (changed, value) => {
      changed[value] = { ...changed[value]!, parent: 'c' };
    },
    onSuccess: vi.fn(),
    onError: vi.fn(),
  };
  const mutation = new MutationObserver(queryClient, schemeEditOptions(queryClient, 's', edit)).mutate('b');
  await vi.waitFor(() => expect(request).toHaveBeenCalled());

  const cached = () => queryClient.getQueryData<SchemeTree>(schemeKeys.tree('s'));
  const refetchDue = () => queryClient.getQueryState(schemeKeys.tree('s'))?.isInvalidated;
  return { tree, answer, edit, mutation, cached, refetchDue };
}

describe('schemeEditOptions (SPEC §4)', () => {
  it('shows the change at once, and refetches after success', async () => {
    const { tree, answer, edit, mutation, cached, refetchDue } = await startMove();
    expect(cached()?.lookup.b?.parent).toBe('c');
    expect(cached()?.nestedData.find((node) => node.value === 'c')?.children.map((node) => node.value)).toEqual(['b']);
    expect(refetchDue()).toBe(false);

    answer.resolve('moved');
    await mutation;
    expect(edit.onSuccess).toHaveBeenCalledWith('moved', 'b', tree);
    expect(edit.onError).not.toHaveBeenCalled();
    expect(refetchDue()).toBe(true);
  });

  it('rolls the change back when the server refuses it, and refetches', async () => {
    const { tree, answer, edit, mutation, cached, refetchDue } = await startMove();
    expect(cached()?.lookup.b?.parent).toBe('c');

    const refusal = new Error('Cannot move a node inside one of its descendants.');
    answer.reject(refusal);
    await expect(mutation).rejects.toBe(refusal);
    expect(cached()).toEqual(tree);
    expect(edit.onError).toHaveBeenCalledWith(refusal, 'b');
    expect(edit.onSuccess).not.toHaveBeenCalled();
    expect(refetchDue()).toBe(true);
  });
});
