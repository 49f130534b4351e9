import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** The built web app as the API serves it: compressed files written by the build, deep links. */

let env: TestEnvironment;
beforeAll(async () => {
  env = await startTestEnvironment();
});
afterAll(async () => env?.close());

describe('the built web app', () => {
  it('sends its scripts as brotli or gzip written at build time, and plain to a client that takes neither', async () => {
    const index = await (await fetch(`${env.url}/datasets/list`, { headers: { accept: 'text/html' } })).text();
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(index)?.[1];
    expect(script, 'index.html names its entry script').toBeTruthy();
    const onDisk = fs.readFileSync(path.join(env.config.webDistDir, script!), 'utf8');

    for (const encoding of ['br', 'gzip'] as const) {
      const response = await fetch(`${env.url}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(await response.text()).toBe(onDisk); // fetch has decoded it
    }
    const plain = await fetch(`${env.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(onDisk);
  });
});
