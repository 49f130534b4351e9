import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterMutations } from './after-mutations';

/** A mutation under `key` whose request and onSettled each wait for their own release. */
async function pendingMutation(client: QueryClient, key: string[]) {
  let answer!: () => void;
  let settle: (() => void) | undefined;
  const observer = new MutationObserver(client, {
    mutationKey: key,
    mutationFn: () => new Promise<void>((resolve) => (answer = resolve)),
    onSettled: () => new Promise<void>((resolve) => (settle = resolve)),
  });
  const done = observer.mutate();
  await new Promise((resolve) => setTimeout(resolve, 0)); // the request starts
  const release = async () => {
    while (!settle) await new Promise((resolve) => setTimeout(resolve, 0)); // its onSettled starts
    settle();
  };
  return { answer: () => answer(), settle: release, done };
}

describe('afterMutations', () => {
  it('runs at once when nothing under the key is pending', () => {
    const client = new QueryClient();
    let runs = 0;
    expect(afterMutations(client, ['links'], () => runs++)).toBeNull();
    expect(runs).toBe(1);
  });

  it('waits for a pending mutation, its onSettled included, then runs once', async () => {
    const client = new QueryClient();
    const edit = await pendingMutation(client, ['links']);
    let runs = 0;
    expect(afterMutations(client, ['links'], () => runs++)).not.toBeNull();
    edit.answer();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(0); // answered, but its onSettled (the page's own refetch) still runs
    await edit.settle();
    await edit.done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(1);
    const other = await pendingMutation(client, ['links']);
    other.answer();
    await other.settle();
    await other.done;
    expect(runs).toBe(1);
  });

  it('does not wait for mutations under another key, and a stopped wait never runs', async () => {
    const client = new QueryClient();
    await pendingMutation(client, ['reviews']);
    let runs = 0;
    expect(afterMutations(client, ['links'], () => runs++)).toBeNull();
    const edit = await pendingMutation(client, ['links']);
    const stop = afterMutations(client, ['links'], () => runs++);
    stop!();
    edit.answer();
    await edit.settle();
    await edit.done;
    expect(runs).toBe(1);
  });
});
