import fs from 'node:fs/promises';
import path from 'node:path';
import { siteInfo, type SiteInfo } from '@og/shared/contracts/public';
import { AppError } from '@og/shared/errors/app-error';
import type { AppMiddleware } from '../../koa-types.js';

/** Where the landing's logos are served from (`SITE_DIR`): outside `/api`, as static files. */
export const sitePath = '/site';

/** The logo files served: a plain name in SITE_DIR itself, nothing a client sends is joined into a path beyond it. */
const imageTypes: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };
const fileName = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,100}$/;

/**
 * `GET /site/{file}`: a logo from SITE_DIR, cached for a day. An SVG is sent with a policy that
 * runs no script in it, whoever wrote the file.
 */
export function siteFiles(siteDir: string): AppMiddleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${sitePath}/`) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice(sitePath.length + 1);
    const type = imageTypes[path.extname(name).toLowerCase()];
    if (!fileName.test(name) || !type) throw new AppError('not_found', 'No such file.');
    let body: Buffer;
    try {
      body = await fs.readFile(path.join(siteDir, name));
    } catch {
      throw new AppError('not_found', 'No such file.');
    }
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    ctx.type = type;
    ctx.body = body;
  };
}

interface LoadedSite {
  mtimeMs: number;
  info: SiteInfo;
}

/**
 * The landing's partners from `{SITE_DIR}/partners.json` (`{"partners":[{"name","image","link"}]}`),
 * read again when the file changes. No file is no partners; a file that breaks the contract is an
 * error naming what is wrong, so a deployment sees it at once.
 */
export class SitePartners {
  private loaded: LoadedSite | null = null;

  constructor(private readonly siteDir: string) {}

  async read(): Promise<SiteInfo> {
    const file = path.join(this.siteDir, 'partners.json');
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(file)).mtimeMs;
    } catch {
      return { partners: [] };
    }
    if (this.loaded?.mtimeMs === mtimeMs) return this.loaded.info;
    let json: unknown;
    try {
      json = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch (error) {
      throw new AppError('internal', `SITE_DIR/partners.json is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = siteInfo.safeParse(json);
    if (!parsed.success) {
      throw new AppError('internal', `SITE_DIR/partners.json does not list partners as {"partners":[{"name","image","link"}]}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    }
    this.loaded = { mtimeMs, info: parsed.data };
    return parsed.data;
  }
}
