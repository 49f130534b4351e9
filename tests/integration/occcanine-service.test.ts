import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeWithOccCanine } from '../../workers/src/prediction-services/occcanine-coder.js';
import { RequestBudget, ServiceError } from '../../workers/src/prediction-services/service-request.js';

/**
 * The OccCANINE adapter against infra/occcanine-service, started for real (python3) in table mode:
 * a CSV table keyed by (title, language) in the model's place, the server's own request parsing,
 * language mapping and grouping, row building and errors otherwise.
 */
const script = path.resolve(import.meta.dirname, '../../infra/occcanine-service/occcanine_service.py');
const python = process.env.PYTHON ?? 'python3';

// OccCANINE's language codes (se, not sv). `smed` is coded differently per language so the language
// each title reaches the predictor with shows in its codes; `farmer` has six codes for k = 5; `tjener`'s
// second code (0.1) is under OccCANINE's Danish threshold (0.24).
const table = `title,lang,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2,hisco_3,prob_3,desc_3,hisco_4,prob_4,desc_4,hisco_5,prob_5,desc_5,hisco_6,prob_6,desc_6
smed,da,83110,0.95,"Blacksmith, General",83120,0.3,Hammersmith,,,,,,,,,,,,
smed,se,83190,0.81,Other Blacksmiths,,,,,,,,,,,,,,,
farmer,en,61110,0.9,General Farmer,61115,0.8,Smallholder,62105,0.7,Farm Worker,61220,0.6,Crop Farmer,64100,0.5,Forestry Worker,62120,0.4,Ploughman
tjener,da,54010,0.88,Servant,55000,0.1,Caretaker,,,,,,,,,,,,
hans kone,da,-0001,0.99,"Missing, no title",,,,,,,,,,,,,,,
skomager,,80110,0.93,Shoemaker,,,,,,,,,,,,,,,
`;

let server: ChildProcess;
let url: string;
let output = '';
let exited: Promise<number | null>;

function start(tablePath: string): Promise<string> {
  server = spawn(python, [script, '--table', tablePath, '--host', '127.0.0.1', '--port', '0', '--batch-size', '2', '--max-titles', '50'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start: ${output}`)), 15_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`the service exited (${code}): ${output}`)));
  });
}

async function health(): Promise<{ status: string; predictor: string; calls: number }> {
  const response = await fetch(url.replace(/\/predict$/, '/health'));
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; predictor: string; calls: number };
}

function options(extra: { langs?: (string | null)[] } = {}) {
  return { url, lang: 'en', timeoutMs: 10_000, signal: new AbortController().signal, budget: new RequestBudget(100), ...extra };
}

describe('OccCANINE service (infra/occcanine-service) with the adapter', () => {
  beforeAll(async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'occcanine-service-'));
    const tablePath = path.join(folder, 'table.csv');
    fs.writeFileSync(tablePath, table);
    url = await start(tablePath);
  });

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
  });

  it('answers its health', async () => {
    expect(await health()).toMatchObject({ status: 'ok', predictor: 'table', calls: 0 });
  });

  it('codes titles in two languages, each with its own language, in order, with k codes at most', async () => {
    const titles = ['Smed', 'farmer', 'smed', 'Hans Kone', 'tjener', 'skomager', 'no such title'];
    const langs = ['da', null, 'sv', 'da', 'da', 'sv', 'da'];
    const before = (await health()).calls;
    const coded = await codeWithOccCanine(titles, options({ langs }));

    expect(coded).toEqual([
      [
        { code: '83110', conf: 0.95 },
        { code: '83120', conf: 0.3 },
      ],
      [
        { code: '61110', conf: 0.9 },
        { code: '61115', conf: 0.8 },
        { code: '62105', conf: 0.7 },
        { code: '61220', conf: 0.6 },
        { code: '64100', conf: 0.5 },
      ],
      [{ code: '83190', conf: 0.81 }],
      [{ code: '-1', conf: 0.99 }],
      [{ code: '54010', conf: 0.88 }],
      [{ code: '80110', conf: 0.93 }],
      [],
    ]);
    // Grouped by language for OccCANINE's per-language thresholds, at most 2 titles a call: da's 4 titles in 2 calls, en's 1, se's 2 in 1.
    expect((await health()).calls - before).toBe(4);
  });

  it('sends one language as a string when all titles share it, and maps it to OccCANINE’s code', async () => {
    const before = (await health()).calls;
    const coded = await codeWithOccCanine(['smed', 'skomager'], options({ langs: ['sv', 'sv'] }));
    expect(coded).toEqual([[{ code: '83190', conf: 0.81 }], [{ code: '80110', conf: 0.93 }]]);
    expect((await health()).calls - before).toBe(1);
    // Without per-title languages, the default language codes every title.
    expect(await codeWithOccCanine(['smed', 'farmer'], { ...options(), lang: 'da' })).toEqual([
      [
        { code: '83110', conf: 0.95 },
        { code: '83120', conf: 0.3 },
      ],
      [],
    ]);
  });

  it('answers OccCANINE’s wide rows, one per title in order, with the language used and empty slots as null', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ titles: ['tjener', 'Smed', 'smed'], lang: ['da', 'de', 'se'], k: 2 }),
    });
    expect(response.status).toBe(200);
    const rows = (await response.json()) as Record<string, unknown>[];
    expect(rows).toEqual([
      { occ1: 'tjener', lang: 'da', hisco_1: '54010', prob_1: 0.88, desc_1: 'Servant', hisco_2: null, prob_2: null, desc_2: 'No pred' },
      { occ1: 'Smed', lang: 'ge', hisco_1: null, prob_1: null, desc_1: 'No pred', hisco_2: null, prob_2: null, desc_2: 'No pred' },
      { occ1: 'smed', lang: 'se', hisco_1: '83190', prob_1: 0.81, desc_1: 'Other Blacksmiths', hisco_2: null, prob_2: null, desc_2: 'No pred' },
    ]);
  });

  it('refuses a malformed request with a JSON 400, which the adapter reports as a ServiceError', async () => {
    const raw = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"titles": ' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: { message: 'The body is not JSON.' } });

    const error = await codeWithOccCanine([42 as unknown as string], options()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, retryable: false, message: 'OccCANINE answered 400: "titles" must be a list of strings.' });

    const tooMany = await codeWithOccCanine(Array.from({ length: 51 }, (_, i) => `title ${i}`), options()).catch((caught: unknown) => caught);
    expect(tooMany).toBeInstanceOf(ServiceError);
    expect(tooMany).toMatchObject({ status: 413, message: 'OccCANINE answered 413: 51 titles in one request; at most 50.' });
  });

  it('passes its own unit tests (python3 -m unittest)', async () => {
    const { stderr } = await promisify(execFile)(python, ['-m', 'unittest'], {
      cwd: path.dirname(script),
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(stderr).toMatch(/Ran \d+ tests[\s\S]*\nOK\s*$/);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('OccCANINE service stopped');
    await expect(fetch(url.replace(/\/predict$/, '/health'))).rejects.toThrow();
  });
});
