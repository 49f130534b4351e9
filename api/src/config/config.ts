import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type PredictionServices, readPredictionServices } from './prediction-services.js';

/**
 * The one place the environment is read. Every setting has a default that works on a fresh
 * machine of ours (local Postgres and Redis on their standard ports, the embedded triple store),
 * and is validated once at start-up: a bad value stops the process with a clear message.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function defaultSeedDir(): string | null {
  const candidate = path.resolve(projectRoot, '../shared/data');
  return fs.existsSync(candidate) ? candidate : null;
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
/** The spellings a yes/no setting accepts (any case); anything else is a configuration error, not a silent `false`. */
const flagWords: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false, on: true, off: false };
const otherSpellings = '1/0, yes/no, on/off';
/** A known spelling as its boolean; any other value passes through unchanged, for the schema to refuse. */
const readFlagWord = (value: unknown): unknown => (typeof value === 'string' ? (flagWords[value.trim().toLowerCase()] ?? value) : value);
/** A yes/no setting; unset or empty is `fallback`. */
const booleanFlag = (fallback: boolean) =>
  z.preprocess(emptyToUndefined, z.preprocess(readFlagWord, z.boolean({ error: (issue) => `expected true or false (or ${otherSpellings}), not ${JSON.stringify(issue.input)}` })).default(fallback));
/** `auto`, or a yes/no setting forced on or off; unset or empty is `auto`. */
const autoOrFlag = z.preprocess(
  emptyToUndefined,
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim().toLowerCase() === 'auto' ? 'auto' : readFlagWord(value)),
      z.union([z.literal('auto'), z.boolean()], { error: (issue) => `expected auto, true or false (or ${otherSpellings}), not ${JSON.stringify(issue.input)}` }),
    )
    .default('auto'),
);
const byteSize = z
  .string()
  .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)$/i, 'a size such as 512kb, 1mb or 5gb')
  .transform((text) => {
    const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)$/i.exec(text)!;
    // Decimal, as file managers and the upload wizard count them: 20gb is shown as "20 GB".
    const units = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 } as const;
    return Math.round(Number(match[1]) * units[match[2]!.toLowerCase() as keyof typeof units]);
  });

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: optionalString,
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/occupation_graph'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this app writes (queues, socket adapter, rate limits). */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('og'),
  DATA_DIR: z.string().default('./data'),
  SEED_DIR: optionalString,
  BASE_IRI: z.url().default('https://w3id.org/occupation-graph/'),
  SPARQL_QUERY_URL: optionalUrl,
  SPARQL_UPDATE_URL: optionalUrl,
  SPARQL_GSP_URL: optionalUrl,
  SPARQL_USER: optionalString,
  SPARQL_PASSWORD: optionalString,
  /** Largest JSON body the API parses. */
  BODY_LIMIT: byteSize.default(1e6),
  /** Largest scheme file an admin may upload for import. */
  SCHEME_FILE_LIMIT: byteSize.default(64e6),
  PREDICTION_FILE_LIMIT: byteSize.default(5e9),
  /** Largest dataset CSV a user may upload (a census can be several GB). */
  DATASET_FILE_LIMIT: byteSize.default(20e9),
  /** Read-only SPARQL endpoint time limit. */
  SPARQL_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Read-only SPARQL endpoint: most rows of a SELECT answer, and most bytes of any answer. */
  SPARQL_MAX_ROWS: z.coerce.number().int().positive().default(10_000),
  SPARQL_MAX_BYTES: byteSize.default(32e6),
  /** The licence an exported crosswalk (SSSOM) names. */
  CROSSWALK_LICENSE: z.string().url().default('https://w3id.org/sssom/license/unspecified'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  COOKIE_SECURE: autoOrFlag,
  TRUST_PROXY: booleanFlag(false),
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  OG_ADMIN_USER: optionalString,
  OG_ADMIN_PASSWORD: optionalString,
  /** `npm start` runs the workers inside the api process; separate processes set this off. */
  WORKERS_IN_PROCESS: booleanFlag(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How often workers look for job runs the queue no longer runs (and how long such a run must be idle first). */
  JOB_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  WEB_DIST_DIR: z.string().default(path.join(projectRoot, 'web/dist')),
  /** Where the static suggestions files (`/suggestions/{a}-{b}.json`, SPEC §7 "Static") are read from. */
  SUGGESTIONS_DIR: z.string().default(path.join(projectRoot, 'infra/suggestions')),
  /** The landing's partners (`partners.json`) and their logos, served at `/site/{file}`. */
  SITE_DIR: z.string().default(path.join(projectRoot, 'infra/site')),
  /** Requests a minute one address may make without logging in (public reads), and translations among them. */
  ANONYMOUS_READS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  ANONYMOUS_TRANSLATIONS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Environment = z.input<typeof environment>;

/** The environment's settings as the app reads them: names in the app's words, sizes in bytes, paths resolved. */
function toSettings(env: z.output<typeof environment>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    dataDir: path.resolve(env.DATA_DIR),
    seedDir: env.SEED_DIR ? path.resolve(env.SEED_DIR) : defaultSeedDir(),
    baseIri: env.BASE_IRI,
    /** An external SPARQL 1.1 store, or null for the embedded one. */
    sparql:
      env.SPARQL_QUERY_URL && env.SPARQL_UPDATE_URL
        ? {
            queryUrl: env.SPARQL_QUERY_URL,
            updateUrl: env.SPARQL_UPDATE_URL,
            gspUrl: env.SPARQL_GSP_URL,
            user: env.SPARQL_USER,
            password: env.SPARQL_PASSWORD,
          }
        : null,
    bodyLimitBytes: env.BODY_LIMIT,
    schemeFileLimitBytes: env.SCHEME_FILE_LIMIT,
    predictionFileLimitBytes: env.PREDICTION_FILE_LIMIT,
    datasetFileLimitBytes: env.DATASET_FILE_LIMIT,
    sparqlTimeoutMs: env.SPARQL_TIMEOUT_MS,
    sparqlMaxRows: env.SPARQL_MAX_ROWS,
    sparqlMaxBytes: env.SPARQL_MAX_BYTES,
    crosswalkLicense: env.CROSSWALK_LICENSE,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    /**
     * The cookies' `Secure` flag: 'auto' sets it on answers to HTTPS requests (directly, or through a
     * proxy trusted with TRUST_PROXY), so `npm start` on http://localhost works in production mode too;
     * true sets it always (TLS ends at a proxy the app is not told about), false never.
     */
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    loginFailuresPerMinute: env.LOGIN_FAILURES_PER_MINUTE,
    admin: env.OG_ADMIN_USER && env.OG_ADMIN_PASSWORD ? { username: env.OG_ADMIN_USER, password: env.OG_ADMIN_PASSWORD } : null,
    workersInProcess: env.WORKERS_IN_PROCESS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    jobReconcileIntervalMs: env.JOB_RECONCILE_INTERVAL_MS,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    suggestionsDir: path.resolve(env.SUGGESTIONS_DIR),
    siteDir: path.resolve(env.SITE_DIR),
    /** Limits per client address per minute for callers who are not logged in. */
    anonymousLimits: { reads: env.ANONYMOUS_READS_PER_MINUTE, translations: env.ANONYMOUS_TRANSLATIONS_PER_MINUTE },
    logLevel: env.LOG_LEVEL,
    projectRoot,
  };
}

/** The app's configuration: every setting of the environment schema above, read by {@link toSettings}, and the external coders. */
export type Config = ReturnType<typeof toSettings> & {
  /** External coders for 'Run predictions' (OccCANINE, LLMs); the built-in one needs none. */
  predictionServices: PredictionServices;
};

export class ConfigError extends Error {}

/** Parses an environment (by default `process.env`) into a {@link Config}, or throws a ConfigError naming every bad setting. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const predictionServices = readPredictionServices(source);
  if (predictionServices.problems.length) throw new ConfigError(`Invalid configuration: ${predictionServices.problems.join('; ')}`);
  if (Boolean(env.SPARQL_QUERY_URL) !== Boolean(env.SPARQL_UPDATE_URL)) {
    throw new ConfigError('Invalid configuration: set both SPARQL_QUERY_URL and SPARQL_UPDATE_URL, or neither (embedded store)');
  }
  if (Boolean(env.OG_ADMIN_USER) !== Boolean(env.OG_ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: set both OG_ADMIN_USER and OG_ADMIN_PASSWORD, or neither');
  }
  return { ...toSettings(env), predictionServices: predictionServices.services };
}
export { llmSettingPrefixes, type LlmModel, type LlmService, type PredictionServices } from './prediction-services.js';
