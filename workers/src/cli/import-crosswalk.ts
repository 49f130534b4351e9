import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { crosswalkImportFields, type CrosswalkImportFields } from '@og/shared/contracts/links';
import { schemeById, schemeIds } from '@og/shared/domain/schemes';
import type { JobResult } from '@og/shared/jobs/job-kinds';
import { loadConfig } from '@og/api/config/config';
import { type AppContext, closeAppContext, createAppContext } from '@og/api/context';
import { createDatabase, type Database } from '@og/api/db/database';
import { followJobRun } from '@og/api/jobs/follow-job-run';
import { JobQueues } from '@og/api/jobs/job-queues';
import { createLogger } from '@og/api/lib/log';
import { createRedis } from '@og/api/lib/redis';
import { uploadsDirectory } from '@og/api/lib/uploads';
import { openStore } from '@og/api/sparql/open-store';
import { StoreLockedError } from '@og/api/sparql/store-lock';
import { checkServices, prepareDatabase } from '@og/api/startup';
import { startWorkers } from '../start-workers.js';

const usage = `Usage: npm run import:crosswalk -- --source ID --target ID --file PATH [--relation closeMatch]
       [--weight-column NAME|none] [--relation-map '{"exactISCO":"exactMatch"}']
Links the codes of two schemes from a crosswalk file: CSV with source_code,target_code[,relation]
columns, or SSSOM TSV. --relation (exactMatch, closeMatch, broadMatch, narrowMatch, relatedMatch;
default closeMatch) is the relation of rows that name none, read from source to target. Links the
store has already are kept; rows that cannot be linked are listed with their reasons.
--weight-column names the column of weights (counts such as n_titles become shares of the source
code's total), or none; without it a column named confidence, weight, share…, n… or count… is read.
--relation-map reads the file's relation values it names as those SKOS relations.
When the app is running on the embedded store, the import runs as a job of the app's workers.
The schemes are: ${schemeIds.join(', ')}.`;

class UsageError extends Error {}

function parseArguments(): CrosswalkImportFields & { file: string } {
  let values;
  try {
    ({ values } = parseArgs({
      options: { source: { type: 'string' }, target: { type: 'string' }, file: { type: 'string' }, relation: { type: 'string' }, 'weight-column': { type: 'string' }, 'relation-map': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.source || !values.target || !values.file) throw new UsageError(usage);
  const fields = crosswalkImportFields.safeParse({
    source: values.source,
    target: values.target,
    relation: values.relation,
    weightColumn: values['weight-column'],
    relationMap: values['relation-map'],
  });
  const option = (field: PropertyKey | undefined) => ({ weightColumn: 'weight-column', relationMap: 'relation-map' })[String(field)] ?? String(field);
  if (!fields.success) throw new UsageError(`${fields.error.issues.map((issue) => `--${option(issue.path[0])}: ${issue.message}`).join('\n')}\n${usage}`);
  return { ...fields.data, file: path.resolve(values.file) };
}

/** Copies the file under DATA_DIR/uploads, queues its import and follows the job to its end. */
async function runImport(db: Database, jobs: JobQueues, uploads: string, args: CrosswalkImportFields & { file: string }) {
  await fs.mkdir(uploads, { recursive: true });
  const upload = path.join(uploads, `${crypto.randomUUID()}${path.extname(args.file) || '.csv'}`);
  await fs.copyFile(args.file, upload);
  const { file, ...fields } = args;
  const run = await jobs
    .enqueue(db, 'crosswalk.import', { ...fields, path: upload, originalName: path.basename(file) }, { ownerId: null, requestKey: crypto.randomUUID() })
    .catch(async (error: unknown) => {
      await fs.rm(upload, { force: true });
      throw error;
    });
  console.log(`Importing ${path.basename(file)} from ${schemeById(args.source).label} to ${schemeById(args.target).label} as job ${run.id}…`);
  const result = (await followJobRun(db, jobs, run.id, 'crosswalk.import', (line) => console.log(line))) as JobResult<'crosswalk.import'>;
  return { result, jobId: run.id };
}

async function main(): Promise<void> {
  const args = parseArguments();
  const started = Date.now();
  await fs.access(args.file).catch(() => {
    throw new Error(`Cannot read ${args.file}.`);
  });
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'debug' ? 'debug' : 'warn', 'import:crosswalk');
  await checkServices(config);
  const store = await openStore(config, log).catch((error: unknown) => {
    if (error instanceof StoreLockedError) return error;
    throw error;
  });

  let outcome: Awaited<ReturnType<typeof runImport>>;
  if (store instanceof StoreLockedError) {
    // The running app holds the embedded store: its workers run the job.
    const db = createDatabase(config.databaseUrl, 1);
    const redis = createRedis(config.redisUrl, 'producer');
    const jobs = new JobQueues(redis, config.redisPrefix);
    try {
      await prepareDatabase(config, db, log);
      console.log(`The app (process ${store.pid}) has the store open: its workers run the import. Stopping this command does not cancel it.`);
      outcome = await runImport(db, jobs, uploadsDirectory(config), args);
    } finally {
      await jobs.close();
      redis.disconnect();
      await db.end();
    }
  } else {
    // No process has the store: workers of this process run the job, then everything closes (the store's lock too).
    const app: AppContext = createAppContext(config, store, log);
    try {
      await prepareDatabase(config, app.db, log);
      const host = await startWorkers(app);
      try {
        outcome = await runImport(app.db, app.jobs, uploadsDirectory(config), args);
      } finally {
        await host.close();
      }
    } finally {
      await closeAppContext(app);
    }
  }
  const { result, jobId } = outcome;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Imported ${result.imported} links (${result.alreadyPresent} already present, ${result.refused} rows refused) in ${seconds} s.`);
  if (result.columns) console.log(describeColumns(result.columns));
  if (result.refused) console.log(`The refused rows and their reasons: GET /api/crosswalks/imports/${jobId}/refused.csv`);
}

/** Which columns were read as what, in a line. */
function describeColumns(columns: NonNullable<JobResult<'crosswalk.import'>['columns']>): string {
  const read = [`source codes from ${columns.source}`, `target codes from ${columns.target}`];
  if (columns.relation) read.push(`relations from ${columns.relation}`);
  read.push(columns.weight ? `weights from ${columns.weight}${columns.weightAs === 'count' ? " (counts, as shares of each source code's total)" : ''}` : 'no weights');
  return `Read ${read.join(', ')}${columns.ignored.length ? `; not read: ${columns.ignored.join(', ')}` : ''}.`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
