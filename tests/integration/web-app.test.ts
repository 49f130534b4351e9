import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** The built web app as the API serves it: compressed files written by the build, deep links, its Content-Security-Policy. */

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

  it('sends its Content-Security-Policy with the page and its deep links, and a stricter one with API answers and bull-board its own', async () => {
    for (const page of ['/', '/datasets/list', '/explore?tab=translate']) {
      const response = await fetch(`${env.url}${page}`, { headers: { accept: 'text/html' } });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toBe(
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self' ws://${new URL(env.url).host} wss://${new URL(env.url).host}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
      );
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    const answer = await fetch(`${env.url}/api/schemes`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const { client: admin } = await env.signIn('ada', 'admin');
    const board = await admin.get('/admin/queues');
    expect(board.status).toBe(200);
    expect(board.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline' https:\/\/fonts\.googleapis\.com; font-src 'self' https:\/\/fonts\.gstatic\.com;/);
  });

  it('names no Host header in the policy that is not a plain host', async () => {
    const policy = await new Promise<string>((resolve, reject) => {
      const url = new URL(env.url);
      const request = http.get({ host: url.hostname, port: url.port, path: '/', headers: { host: "evil; script-src 'unsafe-inline'", accept: 'text/html' } }, (response) => {
        response.resume();
        resolve(String(response.headers['content-security-policy']));
      });
      request.on('error', reject);
    });
    expect(policy).toContain("connect-src 'self'; ");
    expect(policy).not.toContain('evil');
  });

  it('builds an index.html whose scripts are all files: the policy runs no inline script', () => {
    const index = fs.readFileSync(path.join(env.config.webDistDir, 'index.html'), 'utf8');
    const scripts = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/[^"]+"/);
      expect(body!.trim()).toBe('');
    }
  });
});
