import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/lib/log.js';
import { EmbeddedStore } from '../../api/src/sparql/embedded-store.js';
import { iri, literal, sparql, toQueryText } from '../../api/src/sparql/sparql-builder.js';
import { encodeRecord } from '../../api/src/sparql/store-log.js';

/**
 * The embedded store's promise (DESIGN.md §2): no acknowledged write is lost on a crash. A child
 * process writes as fast as it can and is killed with SIGKILL mid-stream; every write it
 * acknowledged must be there on reopen. Torn and damaged logs, the lock, and compaction too.
 */

const root = path.resolve(import.meta.dirname, '../..');
const writerScript = path.join(root, 'tests/support/store-writer.ts');
const base = 'https://og.test/durability/';
const quiet = createLogger('silent');
const directories: string[] = [];

afterAll(() => {
  for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
});

function storeDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'og-store-durability-'));
  directories.push(directory);
  return path.join(directory, 'store');
}

interface Writer {
  child: ChildProcess;
  pid: number;
  acks: Set<number>;
  loads: Set<number>;
  /** Resolves once at least `count` writes (updates and loads) were acknowledged. */
  acknowledged(count: number): Promise<void>;
  /** Kills the writer with SIGKILL and resolves once it is gone and all its output is read. */
  kill(): Promise<void>;
}

async function startWriter(directory: string, first = 0): Promise<Writer> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, directory, String(first)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const acks = new Set<number>();
  const loads = new Set<number>();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const listeners = new Set<() => void>();
  const outputDone = new Promise<void>((resolve) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const [kind, value] = line.split(' ');
      if (kind === 'ack') acks.add(Number(value));
      if (kind === 'load') loads.add(Number(value));
      if (kind === 'open') opened(Number(value));
      for (const listener of listeners) listener();
    });
    lines.on('close', () => resolve());
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let opened!: (pid: number) => void;
  const pid = await new Promise<number>((resolve, reject) => {
    opened = resolve;
    child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before opening the store:\n${stderr}`)));
  });
  return {
    child,
    pid,
    acks,
    loads,
    acknowledged: (count) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (acks.size + loads.size >= count) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        child.once('exit', (code) => reject(new Error(`the writer exited (${code}):\n${stderr}`)));
        check();
      }),
    async kill() {
      child.kill('SIGKILL');
      await Promise.all([exited, outputDone]);
    },
  };
}

async function itemsIn(store: EmbeddedStore): Promise<Map<number, string>> {
  const rows = await store.select(`SELECT ?s ?o WHERE { GRAPH <${base}updates> { ?s ?p ?o } }`);
  return new Map(rows.map((row) => [Number(row.s!.value.slice(`${base}item/`.length)), row.o!.value]));
}

async function loadedGraphs(store: EmbeddedStore): Promise<Map<number, number>> {
  const rows = await store.select(`SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), "${base}load/")) } GROUP BY ?g`);
  return new Map(rows.map((row) => [Number(row.g!.value.slice(`${base}load/`.length)), Number(row.n!.value)]));
}

async function expectEveryAcknowledgedWrite(store: EmbeddedStore, writer: Writer): Promise<void> {
  const items = await itemsIn(store);
  const missing = [...writer.acks].filter((index) => !items.has(index));
  expect(missing, 'acknowledged updates missing after the crash').toEqual([]);
  for (const index of writer.acks) expect(items.get(index)).toBe(`value ${index} "quoted" \n ✓`);
  const graphs = await loadedGraphs(store);
  for (const index of writer.loads) expect(graphs.get(index), `acknowledged load ${index}`).toBe(100);
  for (const [, count] of graphs) expect(count).toBe(100); // a load is all or nothing
}

describe('the embedded store across kill -9', () => {
  it('keeps every acknowledged write of a process killed mid-stream, and refuses a second open meanwhile', async () => {
    const directory = storeDirectory();
    const writer = await startWriter(directory);
    await writer.acknowledged(40);

    // While the writer holds the store, nobody else may open it; the error names the pid and the lock file.
    const refused = await EmbeddedStore.open({ directory, log: quiet }).catch((error: unknown) => error as Error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused.message).toContain(`process ${writer.pid}`);
    expect(refused.message).toContain(path.join(directory, 'lock'));

    await writer.acknowledged(400);
    await writer.kill();
    expect(writer.acks.size).toBeGreaterThanOrEqual(360);
    expect(writer.loads.size).toBeGreaterThanOrEqual(40);
    expect(fs.readFileSync(path.join(directory, 'lock'), 'utf8')).toMatch(new RegExp(`^${writer.pid}\\b`)); // left behind by the dead

    const store = await EmbeddedStore.open({ directory, log: quiet }); // takes over the dead process's lock
    try {
      await expectEveryAcknowledgedWrite(store, writer);
    } finally {
      await store.close();
    }
  });

  it('survives several crashes in a row, each after a restart', async () => {
    const directory = storeDirectory();
    const all = { acks: new Set<number>(), loads: new Set<number>() };
    for (let round = 0; round < 3; round++) {
      const writer = await startWriter(directory, round * 100_000);
      await writer.acknowledged(100 + round * 37);
      await writer.kill();
      for (const index of writer.acks) all.acks.add(index);
      for (const index of writer.loads) all.loads.add(index);
    }
    const store = await EmbeddedStore.open({ directory, log: quiet });
    try {
      await expectEveryAcknowledgedWrite(store, { ...all } as unknown as Writer);
    } finally {
      await store.close();
    }
  });
});

describe('the update log', () => {
  async function crashedStore(): Promise<{ directory: string; writer: Writer; logFile: string }> {
    const directory = storeDirectory();
    const writer = await startWriter(directory);
    await writer.acknowledged(60);
    await writer.kill();
    return { directory, writer, logFile: path.join(directory, 'updates.log') };
  }

  const tornUpdate = toQueryText(sparql`INSERT DATA { GRAPH ${iri(`${base}updates`)} { ${iri(`${base}torn`)} ${iri(`${base}value`)} ${literal('never acknowledged')} } }`);

  it('drops a torn last record (a crash in the middle of an append) and goes on', async () => {
    for (const tail of [
      encodeRecord({ op: 'update', text: tornUpdate }).subarray(0, 40), // cut inside the record
      encodeRecord({ op: 'update', text: tornUpdate }).subarray(0, 7), // cut inside the frame header
      Buffer.alloc(4096), // the file grew but the data never reached the disk
      Buffer.concat([encodeRecord({ op: 'update', text: tornUpdate }).subarray(0, 60), Buffer.alloc(100)]),
    ]) {
      const { directory, writer, logFile } = await crashedStore();
      const intactSize = fs.statSync(logFile).size;
      fs.appendFileSync(logFile, tail);

      const store = await EmbeddedStore.open({ directory, log: quiet });
      try {
        await expectEveryAcknowledgedWrite(store, writer);
        expect(await store.ask(`ASK { GRAPH ?g { <${base}torn> ?p ?o } }`)).toBe(false);
        expect(fs.statSync(logFile).size).toBe(intactSize); // the torn bytes are cut off
        // Writing goes on after the cut, and survives a reopen.
        await store.update(`INSERT DATA { GRAPH <${base}updates> { <${base}item/999999> <${base}value> "after the tear" } }`);
      } finally {
        await store.close();
      }
      const reopened = await EmbeddedStore.open({ directory, log: quiet });
      try {
        expect((await itemsIn(reopened)).get(999_999)).toBe('after the tear');
      } finally {
        await reopened.close();
      }
    }
  });

  it('refuses to open a log damaged in the middle, rather than silently skip acknowledged writes', async () => {
    const { directory, logFile } = await crashedStore();
    const content = fs.readFileSync(logFile);
    const damaged = Buffer.from(content);
    const at = content.indexOf('INSERT DATA') + 20; // inside the first record, with intact ones after it
    damaged[at] = damaged[at]! ^ 0xff;
    fs.writeFileSync(logFile, damaged);
    await expect(EmbeddedStore.open({ directory, log: quiet })).rejects.toThrow(/update log .* is damaged at byte \d+/);
    // The refused open released the lock: with the log restored, the store opens.
    fs.writeFileSync(logFile, content);
    const store = await EmbeddedStore.open({ directory, log: quiet });
    await store.close();
  });
});

describe('compaction and the lock', () => {
  it('compacts past the size threshold and on close, and reopens from the snapshot', async () => {
    const directory = storeDirectory();
    const store = await EmbeddedStore.open({ directory, log: quiet, compactAfterBytes: 16 * 1024 });
    for (let index = 0; index < 120; index++) {
      await store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(`${base}updates`)} { ${iri(`${base}item/${index}`)} ${iri(`${base}value`)} ${literal(`value ${index}`)} } }`));
    }
    expect(store.logSize).toBeLessThan(16 * 1024 + 1024); // compacted on the way
    expect(fs.readFileSync(path.join(directory, 'snapshot.nq'), 'utf8').split('\n')[0]).toMatch(/^# og-embedded-store snapshot 1 generation=\d+ quads=\d+$/);
    await store.loadGraph(`${base}load/1`, `<${base}a> <${base}b> "c" .\n`, { replace: true });
    await store.close();
    expect(fs.readFileSync(path.join(directory, 'updates.log'), 'latin1')).toMatch(/^OGSTORE-LOG 1 \d+\n$/); // all in the snapshot now
    expect(fs.existsSync(path.join(directory, 'lock'))).toBe(false);

    const reopened = await EmbeddedStore.open({ directory, log: quiet });
    try {
      expect((await itemsIn(reopened)).size).toBe(120);
      expect(await reopened.countTriples()).toBe(121);
    } finally {
      await reopened.close();
    }
  });

  it('adds a large load in pieces that nobody reads half-applied, with a write asked for meanwhile after it, and replays it whole', async () => {
    const directory = storeDirectory();
    const store = await EmbeddedStore.open({ directory, log: quiet });
    const graph = `${base}large`;
    const count = 30_000; // ~2.5 MB of N-Triples: several pieces
    const ntriples = Array.from({ length: count }, (_, index) => `<${base}s/${index}> <${base}p> <${base}o/${index}> .\n`).join('');
    const counting = toQueryText(sparql`SELECT (COUNT(*) AS ?n) WHERE { GRAPH ${iri(graph)} { ?s ?p ?o } }`);
    const loading = store.loadGraph(graph, ntriples, { replace: false });
    // A read and a write asked for while it loads wait for all of it.
    const [seen] = await Promise.all([store.select(counting), store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(graph)} { ${iri(`${base}late`)} ${iri(`${base}p`)} ${iri(`${base}o`)} } }`)), loading]);
    expect([count, count + 1]).toContain(Number(seen[0]!.n!.value)); // all of the load (and maybe the write after it), never part of it
    await store.close();
    const reopened = await EmbeddedStore.open({ directory, log: quiet });
    try {
      expect(Number((await reopened.select(counting))[0]!.n!.value)).toBe(count + 1);
    } finally {
      await reopened.close();
    }
  });

  it('keeps the values of a non-deterministic update (UUID, NOW) as they were first written', async () => {
    const directory = storeDirectory();
    const store = await EmbeddedStore.open({ directory, log: quiet });
    const query = `SELECT ?id ?at WHERE { GRAPH <${base}random> { <${base}r> <${base}id> ?id ; <${base}at> ?at } }`;
    let before: Awaited<ReturnType<EmbeddedStore['select']>>;
    try {
      await store.update(`INSERT { GRAPH <${base}random> { <${base}r> <${base}id> ?id ; <${base}at> ?at } } WHERE { BIND(STRUUID() AS ?id) BIND(NOW() AS ?at) }`);
      before = await store.select(query);
      // Replaying the update would draw new values, so it went straight into a snapshot.
      expect(store.logSize).toBeLessThan(40);
      expect(fs.readFileSync(path.join(directory, 'snapshot.nq'), 'utf8')).toContain(before[0]!.id!.value);
      const logSize = store.logSize;
      await store.update(`INSERT DATA { GRAPH <${base}random> { <${base}x> <${base}y> "plain" } }`);
      expect(store.logSize).toBeGreaterThan(logSize); // an ordinary update is only logged
    } finally {
      await store.close();
    }
    const reopened = await EmbeddedStore.open({ directory, log: quiet });
    try {
      expect(await reopened.select(query)).toEqual(before);
      expect(await reopened.countTriples()).toBe(3);
    } finally {
      await reopened.close();
    }
  });

  it("opens the store again from its files when its thread stops, failing only the calls in flight", async () => {
    const directory = storeDirectory();
    const store = await EmbeddedStore.open({ directory, log: quiet });
    // The thread is private: ending it from outside is how a crash of it (a fault of the engine, its memory) looks to this side.
    const stopThread = () => (store as unknown as { thread: { terminate(): Promise<number> } }).thread.terminate();
    try {
      await store.update(`INSERT DATA { GRAPH <${base}kept> { <${base}a> <${base}b> "acknowledged" } }`);
      const lines = Array.from({ length: 20_000 }, (_, index) => `<${base}s${index}> <${base}p> "${index}" .\n`).join('');
      const loading = store.loadGraph(`${base}in-flight`, lines, { replace: false });
      await stopThread();
      await expect(loading).rejects.toThrow(/thread stopped/);
      // The next call starts a new thread on the files: the acknowledged write is there, and of the load all or nothing.
      expect(await store.ask(`ASK { GRAPH <${base}kept> { <${base}a> <${base}b> "acknowledged" } }`)).toBe(true);
      expect([1, 20_001]).toContain(await store.countTriples());
      await store.update(`INSERT DATA { GRAPH <${base}kept> { <${base}a> <${base}b> "after" } }`);
    } finally {
      await store.close();
    }
    const reopened = await EmbeddedStore.open({ directory, log: quiet });
    try {
      expect(await reopened.ask(`ASK { GRAPH <${base}kept> { <${base}a> <${base}b> "after" } }`)).toBe(true);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a second open in the same process, naming this process', async () => {
    const directory = storeDirectory();
    const store = await EmbeddedStore.open({ directory, log: quiet });
    try {
      await expect(EmbeddedStore.open({ directory, log: quiet })).rejects.toThrow(new RegExp(`already open in this process \\(pid ${process.pid}\\)`));
    } finally {
      await store.close();
    }
  });
});
