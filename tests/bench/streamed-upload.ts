import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csrfCookieName, csrfHeaderName } from '../../shared/src/contracts/auth.js';
import type { HttpClient } from '../support/http-client.js';

/**
 * A file POSTed as multipart/form-data (its `fields` first, then `file`) streamed from disk, as a
 * browser sends it: a multi-GB file is never read into memory. Answers the status and body.
 */
export async function uploadFileStreamed(
  client: HttpClient,
  apiPath: string,
  file: { path: string; bytes: number; name: string; type: string },
  fields: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  if (!client.cookies.has(csrfCookieName)) await client.get('/api/auth/csrf');
  const boundary = `----og-bench-${crypto.randomBytes(12).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: application/json\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* fs.createReadStream(file.path, { highWaterMark: 1024 ** 2 });
      yield tail;
    })(),
  );
  return new Promise((resolve, reject) => {
    const request = http.request(`${client.baseUrl}${apiPath}`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + file.bytes + tail.length),
        cookie: client.cookieHeader,
        [csrfHeaderName]: client.cookies.get(csrfCookieName)!,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    pipeline(body, request).catch(reject);
  });
}
