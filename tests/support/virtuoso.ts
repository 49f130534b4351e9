import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

/**
 * A private Virtuoso 7 for tests (DESIGN.md §2: the HTTP adapter against a real server no one
 * here wrote): its own database directory under the temp dir, its own virtuoso.ini on free HTTP
 * and ISQL ports, started in the foreground as a child of the test process and removed on stop.
 *
 * The ini keeps the limits a stock Debian install has — ResultSetMaxRows 10,000, sorted TOP
 * (ORDER BY … LIMIT/OFFSET) over at most 10,000 rows, MaxQueryExecutionTime 60 s — on purpose, so
 * the adapter's paging and batching are exercised against the real caps. Anonymous SPARQL update
 * (the `SPARQL` user behind /sparql) is granted after start.
 *
 * Needs Debian's `virtuoso-opensource` (`og_ensure_virtuoso` in infra/scripts/virtuoso.sh).
 */
export interface PrivateVirtuoso {
  queryUrl: string;
  updateUrl: string;
  httpPort: number;
  isqlPort: number;
  directory: string;
  pid: number;
  /** The server's own log so far (for failure messages). */
  logTail(): string;
  stop(): Promise<void>;
}

const virtuosoBinary = process.env.VIRTUOSO_BIN ?? '/usr/bin/virtuoso-t';
const isqlBinary = process.env.VIRTUOSO_ISQL ?? '/usr/bin/isql-vt';
const vspRoot = '/var/lib/virtuoso-opensource-7/vsp';

const grants = `
GRANT SPARQL_UPDATE TO "SPARQL";
GRANT EXECUTE ON DB.DBA.SPARQL_INSERT_DICT_CONTENT TO "SPARQL";
GRANT EXECUTE ON DB.DBA.SPARQL_DELETE_DICT_CONTENT TO "SPARQL";
DB.DBA.RDF_DEFAULT_USER_PERMS_SET ('nobody', 7);
checkpoint;
`;

function iniText(directory: string, httpPort: number, isqlPort: number): string {
  return `[Database]
DatabaseFile       = virtuoso.db
ErrorLogFile       = virtuoso.log
LockFile           = virtuoso.lck
TransactionFile    = virtuoso.trx
xa_persistent_file = virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
MaxCheckpointRemap = 2000
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = virtuoso-temp.db
TransactionFile    = virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping           = 0

[Parameters]
ServerPort           = ${isqlPort}
DisableUnixSocket    = 1
DisableTcpSocket     = 0
MaxClientConnections = 10
CheckpointInterval   = 60
CaseMode             = 2
NumberOfBuffers      = 10000
MaxDirtyBuffers      = 6000
MaxQueryMem          = 1G
DirsAllowed          = ., ${directory}

[HTTPServer]
ServerPort           = 127.0.0.1:${httpPort}
${fs.existsSync(vspRoot) ? `ServerRoot           = ${vspRoot}` : ''}
MaxClientConnections = 10
ServerThreads        = 10
MaxKeepAlives        = 10
KeepAliveTimeout     = 10
Charset              = UTF-8
EnabledGzipContent   = 0

[SPARQL]
; Debian's defaults, kept on purpose (see above).
ResultSetMaxRows           = 10000
MaxQueryCostEstimationTime = 400
MaxQueryExecutionTime      = 60
`;
}

/** A port nothing listens on right now (the OS picks it). */
function runIsql(port: number, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(isqlBinary, [String(port), 'dba', 'dba'], { timeout: 60_000 }, (error, stdout, stderr) => {
      const output = `${stdout}\n${stderr}`;
      if (error) reject(new Error(`isql-vt failed: ${error.message}\n${output}`));
      else if (/\*\*\* Error/.test(output)) reject(new Error(`isql-vt reported an error:\n${output}`));
      else resolve();
    });
    child.stdin!.end(sql);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}?query=${encodeURIComponent('ASK {}')}`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const orphan of running) orphan.kill('SIGKILL');
  });
}

async function startOnce(): Promise<PrivateVirtuoso> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'og-virtuoso-'));
  const httpPort = await freePort();
  let isqlPort = await freePort();
  while (isqlPort === httpPort) isqlPort = await freePort();
  fs.writeFileSync(path.join(directory, 'virtuoso.ini'), iniText(directory, httpPort, isqlPort));

  const child = spawn(virtuosoBinary, ['+foreground', '+configfile', 'virtuoso.ini'], { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] });
  killOnExit(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  const logTail = () => {
    let log = output;
    try {
      log += fs.readFileSync(path.join(directory, 'virtuoso.log'), 'utf8');
    } catch {
      // no log file yet
    }
    return log.split('\n').slice(-40).join('\n');
  };

  const queryUrl = `http://127.0.0.1:${httpPort}/sparql`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // Virtuoso's quick shutdown; the database is thrown away anyway
      const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    fs.rmSync(directory, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 90_000;
    while (!(await answers(queryUrl))) {
      if (spawnError) throw new Error(`Could not start ${virtuosoBinary}: ${(spawnError as Error).message}`);
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Virtuoso exited during start-up (code ${child.exitCode}, signal ${child.signalCode}):\n${logTail()}`);
      if (Date.now() > deadline) throw new Error(`Virtuoso did not answer at ${queryUrl} within 90 s:\n${logTail()}`);
      await sleep(150);
    }
    await runIsql(isqlPort, grants);
  } catch (error) {
    await stop();
    throw error;
  }
  return { queryUrl, updateUrl: queryUrl, httpPort, isqlPort, directory, pid: child.pid!, logTail, stop };
}

/**
 * Starts a private Virtuoso and resolves once it answers SPARQL and anonymous updates are granted.
 * Retries with other ports if a port was taken between choosing it and Virtuoso binding it.
 */
export async function startVirtuoso(): Promise<PrivateVirtuoso> {
  if (!fs.existsSync(virtuosoBinary)) {
    throw new Error(`Virtuoso is not installed (${virtuosoBinary} is missing). Install it with: source infra/scripts/virtuoso.sh && og_ensure_virtuoso`);
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
