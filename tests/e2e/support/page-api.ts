import type { Page } from 'playwright-core';

/** A call of the API from the page, with its session and CSRF token, as the web app makes it. */
export async function callApi<T>(target: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return target.evaluate(
    async ({ method, path, body }) => {
      await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('og_csrf='))?.slice('og_csrf='.length) ?? '');
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: { 'x-csrf-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/** Uploads an OCCPAST JSON prediction set from the page and waits for its import to complete (a loop, not expect.poll: it runs in beforeAll). */
export async function uploadPredictionSet(target: Page, name: string, content: unknown[]): Promise<{ predictionSetId: string; slug: string; jobId: string }> {
  const accepted = await target.evaluate(
    async ({ name, text }) => {
      await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('og_csrf='))?.slice('og_csrf='.length) ?? '');
      const form = new FormData();
      form.append('file', new File([text], name, { type: 'application/json' }));
      const response = await fetch('/api/predictions', { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': token }, body: form });
      return (await response.json()) as { predictionSetId: string; slug: string; jobId: string };
    },
    { name, text: JSON.stringify(content) },
  );
  for (const started = Date.now(); ; ) {
    const { state } = (await callApi<{ state: string }>(target, 'GET', `/api/jobs/${accepted.jobId}`)).body;
    if (state === 'completed') return accepted;
    if (state === 'failed' || Date.now() - started > 60_000) throw new Error(`The import did not complete: ${state}`);
    await target.waitForTimeout(200);
  }
}

/** The CSRF header for Playwright's own calls (`page.request`, which shares the page's cookies): the token the API sets in its cookie, asked for first. */
export async function csrfHeaders(target: Page, baseUrl: string): Promise<Record<string, string>> {
  await target.request.get(`${baseUrl}/api/auth/csrf`);
  const token = (await target.context().cookies(baseUrl)).find((cookie) => cookie.name === 'og_csrf')?.value;
  if (!token) throw new Error('No CSRF cookie: is the page logged in?');
  return { 'x-csrf-token': decodeURIComponent(token) };
}

/** Waits until a job completes (a loop, not expect.poll: it runs in beforeAll too). */
export async function waitForJob(target: Page, baseUrl: string, jobId: string): Promise<void> {
  for (const started = Date.now(); ; ) {
    const { state, error } = (await (await target.request.get(`${baseUrl}/api/jobs/${jobId}`)).json()) as { state: string; error: string | null };
    if (state === 'completed') return;
    if (state === 'failed' || Date.now() - started > 60_000) throw new Error(`Job ${jobId} did not complete: ${state} ${error ?? ''}`);
    await target.waitForTimeout(200);
  }
}
