import type { CodeMutationResult, CodeRecord, CreateCodeRequest, SchemeTree } from '@og/shared/contracts/schemes';
import { buildNestedTree } from '@og/shared/domain/code-tree';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { schemeKeys } from '../../../lib/schemes/scheme-keys';
import { createCodeEdit, replaceStandIn } from './create-code';
import { isPendingCode, pendingCodeValue, schemeEditOptions } from './scheme-tree-cache';

const record = (value: string, parent?: string, name = `name ${value}`): CodeRecord => ({
  value,
  name,
  label: value,
  ...(parent ? { parent } : {}),
  linkCount: 0,
  version: 'v',
});

describe('creating a code (SPEC §4)', () => {
  it('shows a stand-in under the parent at once, and the created code in its place as the server answers', async () => {
    const lookup = { a: record('a'), a1: record('a1', 'a') };
    const queryClient = new QueryClient();
    queryClient.setQueryData<SchemeTree>(schemeKeys.tree('s'), { scheme: 'hisco', lookup, nestedData: buildNestedTree(lookup) });
    const cached = () => queryClient.getQueryData<SchemeTree>(schemeKeys.tree('s'))!;
    const children = (value: string) => cached().nestedData.find((node) => node.value === value)?.children.map((node) => node.value);

    let answer: (result: CodeMutationResult) => void = () => {};
    const request = vi.fn(() => new Promise<CodeMutationResult>((resolve) => (answer = resolve)));
    const edit = { ...createCodeEdit('s'), request };
    const created: CreateCodeRequest = { parent: 'a', name: 'Assayer', label: 'a2' };
    const mutation = new MutationObserver(queryClient, schemeEditOptions(queryClient, 's', edit)).mutate(created);
    await vi.waitFor(() => expect(request).toHaveBeenCalled());

    const [, standIn] = children('a')!;
    expect(isPendingCode(standIn!)).toBe(true);
    expect(cached().lookup[standIn!]).toMatchObject(created);

    // The refetch that follows is not answered here: the cache holds what the answer itself says.
    answer({ code: { ...record('8f0c-uuid', 'a', 'Assayer'), label: 'a2' } });
    await mutation;
    expect(children('a')).toEqual(['a1', '8f0c-uuid']);
    expect(cached().lookup['8f0c-uuid']?.name).toBe('Assayer');
    expect(Object.keys(cached().lookup).some(isPendingCode)).toBe(false);
  });

  it('replaces only the stand-in of the answered request', () => {
    const lookup: Record<string, CodeRecord> = {
      a: record('a'),
      [pendingCodeValue('1')]: record(pendingCodeValue('1'), 'a', 'First'),
      [pendingCodeValue('2')]: record(pendingCodeValue('2'), 'a', 'Second'),
    };
    const second = lookup[pendingCodeValue('2')]!;
    replaceStandIn(lookup, { parent: 'a', name: 'Second', label: second.label }, { ...record('uuid-2', 'a', 'Second'), label: 'a2' });
    expect(Object.keys(lookup).sort()).toEqual(['a', pendingCodeValue('1'), 'uuid-2'].sort());
  });
});
