import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { suggestionsFile, suggestionsFileName } from '@og/shared/contracts/suggestions';
import { schemeIds } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../../context.js';
import type { AppMiddleware } from '../../koa-types.js';
import { etagMatches } from '../../lib/etag.js';

const gzip = promisify(zlib.gzip);

/** Where the suggestions files are served (SPEC §7 "Static"): outside `/api`, as static files. */
export const suggestionsPath = '/suggestions';

/** The file SPEC §3 says exists for every installation: an example of the format. */
export const exampleSuggestionsFileName = 'example.json';

/**
 * Every name a suggestions file may have: each pair of schemes, ids sorted (`isco08-soc2020.json`,
 * as {@link suggestionsFileName} makes it), and the example. A request is answered from the
 * directory only under one of these names, so nothing a client sends is ever joined into a path.
 */
export const suggestionsFileNames: ReadonlySet<string> = new Set([
  exampleSuggestionsFileName,
  ...schemeIds.flatMap((a) => schemeIds.filter((b) => a < b).map((b) => suggestionsFileName(a, b))),
]);

/** Browsers and proxies keep a suggestions file for a day (SPEC §7: cached 24 hours). */
const cacheControl = 'public, max-age=86400';
/** Smaller files go out as they are. */
const gzipThreshold = 2048;

interface LoadedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzipped: Buffer | null;
  etag: string;
}

/**
 * `GET /suggestions/{a}-{b}.json` (and `example.json`): a pair's suggestions file from
 * `SUGGESTIONS_DIR`, checked against the contract, as JSON with a day's caching and an ETag (304
 * when the browser has it); gzipped when large and the browser takes it. Any other path under
 * `/suggestions/` (an unsorted pair, an unknown scheme, an encoded `../`) and a missing file are a
 * 404 here, never the web app's index.html. A file is read again when it changes on disk, so pair
 * files dropped into the directory are served without a restart.
 */
export function suggestionFiles(app: AppContext): AppMiddleware {
  const directory = app.config.suggestionsDir;
  const loaded = new Map<string, LoadedFile>();

  async function load(name: string): Promise<LoadedFile | null> {
    const file = path.join(directory, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) {
      loaded.delete(name);
      return null;
    }
    const known = loaded.get(name);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
    const body = await fs.readFile(file);
    let problem: string | null = null;
    try {
      const checked = suggestionsFile.safeParse(JSON.parse(body.toString('utf8')));
      if (!checked.success) problem = checked.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`).join('; ');
    } catch (error) {
      problem = (error as Error).message;
    }
    // A 500 the error handler logs: the operator dropped a file the linking page cannot read.
    if (problem) {
      throw new AppError('internal', `The suggestions file ${name} is not a valid suggestions file: ${problem}`);
    }
    const etag = `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    const entry = { mtimeMs: stat.mtimeMs, size: stat.size, body, gzipped: body.length >= gzipThreshold ? await gzip(body) : null, etag };
    loaded.set(name, entry);
    return entry;
  }

  return async (ctx, next) => {
    if (ctx.path !== suggestionsPath && !ctx.path.startsWith(`${suggestionsPath}/`)) return next();
    // ctx.path is the path as sent, percent-encoding included: `..%2F` is no file name of the list.
    const name = ctx.path.slice(suggestionsPath.length + 1);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new AppError('not_found', `Suggestions files are only read (GET), not ${ctx.method}.`);
    if (!suggestionsFileNames.has(name)) {
      throw new AppError('not_found', `No suggestions file ${JSON.stringify(name.slice(0, 100))}: a file is named after two scheme ids in name order, as in /suggestions/isco08-soc2020.json.`);
    }
    const file = await load(name);
    if (!file) throw new AppError('not_found', `There are no suggestions for ${name.replace(/\.json$/, '')}.`);
    ctx.set('Cache-Control', cacheControl);
    ctx.set('ETag', file.etag);
    ctx.vary('Accept-Encoding');
    if (etagMatches(ctx.get('if-none-match'), file.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    if (file.gzipped && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = file.gzipped;
    } else {
      ctx.body = file.body;
    }
  };
}
