import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type SchemeImportFormat, schemeImportFormats } from '@og/shared/contracts/schemes';
import { isSchemeId, schemeById, schemeIds, type SchemeId } from '@og/shared/domain/schemes';
import { importScheme, parseSchemeFile, type SchemeImportResult } from '../schemes/import-scheme.js';
import { type Config, loadConfig } from '../config/config.js';
import { closeAppContext, createAppContext } from '../context.js';
import { createDatabase } from '../db/database.js';
import { followJobRun, progressLine } from '../jobs/follow-job-run.js';
import { JobQueues } from '../jobs/job-queues.js';
import { createLogger, type Logger } from '../lib/log.js';
import { createRedis } from '../lib/redis.js';
import { uploadsDirectory } from '../lib/uploads.js';
import { schemeFileExtensions, schemeFormatOfFile } from '../schemes/scheme-file.js';
import { openStore } from '../sparql/open-store.js';
import { StoreLockedError } from '../sparql/store-lock.js';
import type { TripleStore } from '../sparql/triple-store.js';
import { checkServices, prepareDatabase } from '../startup.js';

const usage = `Usage: npm run import:scheme -- --scheme ID --file PATH [--format csv|turtle]
Imports a scheme file (CSV with the header code,label,parent,description, or SKOS Turtle) and
replaces the scheme's codes with it; codes already in the scheme keep their IRIs. An invalid file
changes nothing. The format follows the file's extension (.csv, .ttl) unless --format is given.
When the app is running on the embedded store, the import runs as a job of the app's workers.`;

class UsageError extends Error {}

interface Arguments {
  scheme: SchemeId;
  file: string;
  format: SchemeImportFormat;
}

function parseArguments(): Arguments {
  let values;
  try {
    ({ values } = parseArgs({
      options: { scheme: { type: 'string' }, file: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.scheme || !values.file) throw new UsageError(usage);
  if (!isSchemeId(values.scheme)) throw new UsageError(`Unknown scheme '${values.scheme}'. The schemes are: ${schemeIds.join(', ')}.`);
  let format: SchemeImportFormat;
  if (values.format !== undefined) {
    if (!(schemeImportFormats as readonly string[]).includes(values.format)) {
      throw new UsageError(`--format must be ${schemeImportFormats.join(' or ')}, not '${values.format}'.`);
    }
    format = values.format as SchemeImportFormat;
  } else {
    const fromName = schemeFormatOfFile(values.file);
    if (!fromName) throw new UsageError(`Cannot tell the format of ${values.file} from its extension: give --format csv or --format turtle.`);
    format = fromName;
  }
  return { scheme: values.scheme, file: path.resolve(values.file), format };
}

function summary(scheme: SchemeId, result: SchemeImportResult, started: number): string {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return `Imported ${result.codes} codes into ${schemeById(scheme).label} (${result.added} added, ${result.kept} kept, ${result.removed} removed) in ${seconds} s.`;
}

/** No process has the store open (or it is an HTTP store): import here, then close everything (the store's lock too). */
async function importInProcess(config: Config, log: Logger, store: TripleStore, args: Arguments, text: string): Promise<SchemeImportResult> {
  const app = createAppContext(config, store, log);
  try {
    await prepareDatabase(config, app.db, log);
    console.log(`Importing ${path.basename(args.file)} into ${schemeById(args.scheme).label}…`);
    return await importScheme(app.schemes, {
      scheme: args.scheme,
      text,
      format: args.format,
      actorId: null,
      report: async (progress) => console.log(progressLine(progress)),
    });
  } finally {
    await closeAppContext(app);
  }
}

/**
 * The running app holds the embedded store: hand the file to its workers as the same
 * `scheme.import` job an admin upload makes (the file copied under DATA_DIR/uploads), and follow
 * the job's `job_runs` row until it is over.
 */
async function importThroughApp(config: Config, log: Logger, locked: StoreLockedError, args: Arguments, text: string): Promise<SchemeImportResult> {
  // Refuse an invalid file here, before it becomes a failed job in the app.
  parseSchemeFile(text, args.format);

  const db = createDatabase(config.databaseUrl, 1);
  const redis = createRedis(config.redisUrl, 'producer');
  const jobs = new JobQueues(redis, config.redisPrefix);
  try {
    await prepareDatabase(config, db, log);
    const uploads = uploadsDirectory(config);
    await fs.mkdir(uploads, { recursive: true });
    const upload = path.join(uploads, `${crypto.randomUUID()}${schemeFileExtensions[args.format]}`);
    await fs.copyFile(args.file, upload);
    let runId: string;
    try {
      const run = await jobs.enqueue(
        db,
        'scheme.import',
        { scheme: args.scheme, format: args.format, path: upload, originalName: path.basename(args.file) },
        { ownerId: null, requestKey: crypto.randomUUID() },
      );
      runId = run.id;
    } catch (error) {
      await fs.rm(upload, { force: true });
      throw error;
    }
    console.log(`The app (process ${locked.pid}) has the store open: queued the import as job ${runId}.`);
    console.log('Stopping this command does not cancel the job.');

    return (await followJobRun(db, jobs, runId, 'scheme.import', (line) => console.log(line))) as SchemeImportResult;
  } finally {
    await jobs.close();
    redis.disconnect();
    await db.end();
  }
}

async function main(): Promise<void> {
  const args = parseArguments();
  const started = Date.now();
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'debug' ? 'debug' : 'warn', 'import:scheme');
  let text: string;
  try {
    text = await fs.readFile(args.file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  await checkServices(config);

  const store = await openStore(config, log).catch((error: unknown) => {
    if (error instanceof StoreLockedError) return error;
    throw error;
  });
  const result =
    store instanceof StoreLockedError
      ? await importThroughApp(config, log, store, args, text)
      : await importInProcess(config, log, store, args, text);
  console.log(summary(args.scheme, result, started));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
