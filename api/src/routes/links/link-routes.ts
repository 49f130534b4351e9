import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type Router from '@koa/router';
import {
  bulkLinkRequest,
  clearLinksRequest,
  type LinkCount,
  linkMapsQuery,
  type LinkPairs,
  linkRequest,
  type StaleLinks,
} from '@og/shared/contracts/links';
import { schemeIds } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { z } from 'zod';
import { clearLinks, createLink, deleteLink, linkToMany } from '../../links/link-codes.js';
import type { AppContext } from '../../context.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import type { SchemeContext } from '../../schemes/scheme-context.js';
import { etagMatches } from '../../lib/etag.js';
import { confirmLink } from '../../links/confirm-link.js';
import { gzipPieces } from '../../links/gzip-pieces.js';
import { skipCompression } from '../../middleware/compression.js';
import { countLinksByPair, linkMapsBody, linkMapsEtag, readPairGraphs } from '../../links/link-maps.js';
import { readStaleLinks } from '../../links/stale-links.js';
import { anonymousLimit } from '../../middleware/anonymous-limit.js';
import { requireAdmin, requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';
import { addLinkChainRoutes } from './link-chain-routes.js';
import { addLinkRejectionRoutes } from './link-rejection-routes.js';

const gzipText = promisify(zlib.gzip) as (text: string, options: zlib.ZlibOptions) => Promise<Buffer>;

/**
 * Links between schemes (SPEC §7 "Linking operations"; DESIGN §3): the counts for everyone (the
 * landing), maps and stale links for logged-in users,
 * writes for admins only, each write in the audit log.
 */
export function linkRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/links');
  const { schemes } = app;
  // The counts are open to everyone (the landing), limited per address for anonymous callers.
  const publicRead = anonymousLimit(app, 'reads');

  // The ETag of the maps last read at each state of the revisions of the schemes asked for: every
  // link edit bumps both its schemes' revisions, and a revision is never answered unchanged while
  // an edit of its scheme is under way or unfinished (schemes/scheme-revisions.ts).
  const mapsEtags = new Map<string, string>();
  const keptMapsEtags = 64;

  router.get('/maps', requireUser(), async (ctx) => {
    const { schemes: requested } = parseInput(linkMapsQuery, ctx.query, 'query');
    const revisions = await Promise.all(requested.map((scheme) => schemes.revisions.current(scheme)));
    const state = `${requested.join(',')}@${revisions.join(',')}`;
    ctx.set('Cache-Control', 'private, no-cache');
    const known = mapsEtags.get(state);
    if (known && etagMatches(ctx.get('if-none-match'), known)) {
      ctx.set('ETag', known);
      ctx.status = 304;
      return;
    }
    // The ETag is the hash of the graphs read, the maps' only source: a 304 names these maps.
    const graphs = await readPairGraphs(schemes, requested);
    const etag = linkMapsEtag(requested, graphs);
    mapsEtags.delete(state);
    mapsEtags.set(state, etag);
    if (mapsEtags.size > keptMapsEtags) mapsEtags.delete(mapsEtags.keys().next().value!);
    ctx.set('ETag', etag);
    if (etagMatches(ctx.get('if-none-match'), etag)) {
      ctx.status = 304;
      return;
    }
    // LinkMaps as JSON text, written as it is read (megabytes for a large pair), gzipped here
    // (at level 1, several pieces at a time) while the rest is written; see links/gzip-pieces.ts.
    ctx.type = 'application/json';
    ctx.vary('Accept-Encoding');
    const body = linkMapsBody(schemes, requested, graphs);
    if (typeof body === 'string') {
      // Gzipped here at level 1 (the middleware's level 6 takes several times longer on JSON like this).
      if (body.length >= 2048 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        skipCompression(ctx);
        ctx.body = await gzipText(body, { level: 1 });
      } else ctx.body = body;
    } else if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = Readable.from(gzipPieces(body));
    } else ctx.body = Readable.from(body);
  });

  router.get('/stale', requireUser(), async (ctx) => {
    const { schemes: requested } = parseInput(linkMapsQuery, ctx.query, 'query');
    if (requested.length !== 2) throw new AppError('bad_request', 'Name the two schemes of a pair: ?schemes=a,b');
    ctx.body = (await readStaleLinks(schemes, requested[0]!, requested[1]!)) satisfies StaleLinks;
  });

  /** An admin looked at a stale link and keeps it as it is (links/confirm-link.ts). */
  router.post('/confirm', requireAdmin(), async (ctx) => {
    const request = parseInput(linkRequest, ctx.request.body);
    await confirmLink(schemes, request);
    // Other admins' pages read the flags again with the maps (an unchanged pair answers 304).
    app.realtime?.linksChanged(request.sourceScheme, request.targetScheme);
    ctx.status = 204;
  });

  // Counted once per state of the links (every link edit bumps its schemes' revisions), not once per landing visit.
  let counted: { revisions: string; pairs: Promise<LinkPairs> } | null = null;
  const pairsNow = async (): Promise<LinkPairs> => {
    const revisions = (await Promise.all(schemeIds.map((scheme) => schemes.revisions.current(scheme)))).join('.');
    if (counted?.revisions !== revisions) {
      const pairs = countLinksByPair(schemes);
      counted = { revisions, pairs };
      pairs.catch(() => (counted = null));
    }
    return counted.pairs;
  };

  router.get('/count', publicRead, async (ctx) => {
    ctx.body = { count: (await pairsNow()).pairs.reduce((sum, pair) => sum + pair.count, 0) } satisfies LinkCount;
  });

  router.get('/pairs', publicRead, async (ctx) => {
    ctx.body = (await pairsNow()) satisfies LinkPairs;
  });

  /**
   * A link write: the request read with its contract, then the use case run as the admin. Once an
   * edit is recorded, everyone following the pair's links is told they changed (Socket.IO, any api
   * process: links/link-edits.ts), whether that is in this request or, after a failure half-way, later.
   */
  const linkWrite = <T>(contract: z.ZodType<T>, useCase: (context: SchemeContext, actorId: string, request: T) => Promise<boolean>) => async (ctx: AppKoaContext) => {
    const request = parseInput(contract, ctx.request.body);
    await useCase(schemes, ctx.state.session!.user.id, request);
    ctx.status = 204;
  };

  router.post('/', requireAdmin(), linkWrite(linkRequest, createLink));
  router.delete('/', requireAdmin(), linkWrite(linkRequest, deleteLink));
  router.post('/clear', requireAdmin(), linkWrite(clearLinksRequest, clearLinks));
  router.post('/bulk', requireAdmin(), linkWrite(bulkLinkRequest, linkToMany));
  addLinkRejectionRoutes(router, app);
  addLinkChainRoutes(router, app);

  return router;
}
