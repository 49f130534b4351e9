import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/log.js';
import { HttpStore } from './http-store.js';

const deadlock = 'Virtuoso 40001 Error SR172: Transaction deadlocked';
const answer = JSON.stringify({ head: { vars: ['n'] }, results: { bindings: [{ n: { type: 'literal', value: '1' } }] } });

let server: http.Server | undefined;

/** A SPARQL endpoint that reports a deadlock for its first `deadlocks` requests and answers after; it counts requests. */
async function endpoint(deadlocks: number): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      if (requests <= deadlocks) {
        response.writeHead(500, { 'content-type': 'text/plain', server: 'Virtuoso/07.20' });
        response.end(`${deadlock}\n\nSPARQL query:\nSELECT 1`);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/sparql-results+json', server: 'Virtuoso/07.20' });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`;
  return { url, requests: () => requests };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('HttpStore and a deadlocked endpoint', () => {
  const log = createLogger('error', 'test');

  it('sends a request the server rolled back as a deadlock victim again, and answers', async () => {
    const { url, requests } = await endpoint(2);
    const store = new HttpStore({ queryUrl: url, updateUrl: url, log });
    expect(await store.select('SELECT ?n WHERE { BIND(1 AS ?n) } ORDER BY ?n')).toEqual([{ n: { type: 'literal', value: '1' } }]);
    expect(requests()).toBe(3);
  });

  it('gives up after a few deadlocks with the server’s own message', async () => {
    const { url, requests } = await endpoint(Number.POSITIVE_INFINITY);
    const store = new HttpStore({ queryUrl: url, updateUrl: url, log });
    await expect(store.update('INSERT DATA { <urn:a> <urn:b> <urn:c> }')).rejects.toThrow(/SR172: Transaction deadlocked/);
    expect(requests()).toBe(5);
  });

  it('does not send again a request that failed for another reason', async () => {
    let requests = 0;
    server = http.createServer((request, response) => {
      requests += 1;
      request.resume();
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Virtuoso 42000 Error SQ200: out of memory');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`;
    const store = new HttpStore({ queryUrl: url, updateUrl: url, log });
    await expect(store.select('SELECT ?n WHERE { BIND(1 AS ?n) } ORDER BY ?n')).rejects.toThrow(/SQ200/);
    expect(requests).toBe(1);
  });
});
