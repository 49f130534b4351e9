import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { CodeMatches } from '../../shared/src/contracts/schemes.js';
import { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * `POST /api/schemes/code-matches` against real schemes: which scheme a sample of a file's codes
 * belongs to, HISCO as OccCANINE writes it (`1110`, `75145.0`) included.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const readCsv = (file: string) => Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, file), 'utf8'), { header: true, skipEmptyLines: true }).data;
const seeded = ['hisco', 'isco08', 'occ1950', 'onet'] as const;

let env: TestEnvironment;
let admin: HttpClient;
let member: HttpClient;

beforeAll(async () => {
  env = await startTestEnvironment();
  for (const scheme of seeded) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  admin = (await env.signIn('ada', 'admin')).client;
  member = (await env.signIn('mo', 'member')).client;
});
afterAll(async () => env?.close());

async function matchesOf(codes: unknown, client = member): Promise<CodeMatches> {
  const response = await client.post('/api/schemes/code-matches', { codes });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CodeMatches;
}

const matchesIn = (answer: CodeMatches, scheme: string) => answer.schemes.find((entry) => entry.scheme === scheme)?.matches;

describe('which scheme a sample of codes belongs to', () => {
  it('finds OccCANINE\'s unpadded and float HISCO codes in HISCO, as the data README pads them', async () => {
    const predicted = [...new Set(readCsv('predictions/occcanine_copenhagen_burials_05.csv').map((row) => row.hisco_1!).filter(Boolean))];
    expect(predicted).toContain('75145.0');
    const hisco = new Set(readCsv('schemes/hisco.csv').map((row) => row.code!));
    // The README's rule: integers or floats without leading zeros, padded to 5 digits (the special codes are negative).
    const padded = (code: string) => (code.startsWith('-') ? String(Number(code)) : String(Number(code)).padStart(5, '0'));
    const expected = predicted.filter((code) => hisco.has(padded(code))).length;
    expect(expected).toBeGreaterThan(predicted.length * 0.9);

    const answer = await matchesOf(predicted);
    expect(answer.sampled).toBe(predicted.length);
    expect(matchesIn(answer, 'hisco')).toBe(expected);
    for (const other of seeded.filter((scheme) => scheme !== 'hisco')) expect(matchesIn(answer, other)).toBeLessThan(expected / 4);
  });

  it('matches padded and unpadded codes, spaces and case, and counts each distinct code once', async () => {
    const answer = await matchesOf(['01110', '1110', '1110.0', ' 95410 ', '01110', '-1', 'not a code']);
    expect(answer.sampled).toBe(6);
    expect(matchesIn(answer, 'hisco')).toBe(5);
    const onet = await matchesOf(['11-1011.00', '11-1011.03', '11-1011.03 ', '11-1011']);
    expect(onet.sampled).toBe(4);
    expect(matchesIn(onet, 'onet')).toBe(4);
  });

  it('answers for every scheme with codes, and for no empty one', async () => {
    const answer = await matchesOf(['0110']);
    expect(answer.schemes.map((entry) => entry.scheme).sort()).toEqual([...seeded].sort());
    expect(matchesIn(answer, 'isco08')).toBe(1);
  });

  it('counts a code added to a scheme at once: its codes are gathered again for the new revision', async () => {
    expect(matchesIn(await matchesOf(['99-NEW']), 'isco08')).toBe(0);
    const created = await admin.post('/api/schemes/isco08/codes', { parent: '0110', name: 'Drone pilots (armed forces)', label: '99-new' });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(matchesIn(await matchesOf(['99-NEW']), 'isco08')).toBe(1);
  });
});

describe('what it refuses', () => {
  it('answers 401 to someone not logged in', async () => {
    const anonymous = new HttpClient(env.url);
    const response = await anonymous.post('/api/schemes/code-matches', { codes: ['01110'] });
    expect(response.status).toBe(401);
  });

  it('answers 400 to a body that breaks the contract, naming what is wrong', async () => {
    const hostile: Array<[unknown, RegExp]> = [
      [{}, /codes/],
      [{ codes: '01110' }, /codes/],
      [{ codes: [] }, /codes/],
      [{ codes: [1110] }, /codes\.0/],
      [{ codes: Array.from({ length: 1_001 }, (_, index) => String(index)) }, /codes/],
      [{ codes: ['x'.repeat(301)] }, /codes\.0/],
      [{ codes: ['0111\u0000'] }, /control characters/],
      [['01110'], /request body/],
    ];
    for (const [body, message] of hostile) {
      const response = await member.post('/api/schemes/code-matches', body);
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(message);
    }
    const malformed = await member.request('POST', '/api/schemes/code-matches', { body: '{"codes": [' });
    expect(malformed.status).toBe(400);
  });
});
