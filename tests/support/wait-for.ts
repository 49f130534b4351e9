/** Polls `check` until it answers something truthy (and answers that), or fails after `timeoutMs` naming `what`. */
export async function waitFor<T>(
  what: string,
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
