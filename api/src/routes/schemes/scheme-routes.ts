import type Router from '@koa/router';
import type { JobAccepted } from '@og/shared/contracts/jobs';
import {
  type CodeLinks,
  type CodeMutationResult,
  createCodeRequest,
  moveCodeRequest,
  schemeId,
  type SchemeList,
  updateCodeRequest,
} from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import { createCode } from '../../schemes/create-code.js';
import { deleteCode } from '../../schemes/delete-code.js';
import { findCodeOr404 } from '../../schemes/find-code.js';
import { moveCode } from '../../schemes/move-code.js';
import { readCodeLinks } from '../../schemes/read-code-links.js';
import { updateCode } from '../../schemes/update-code.js';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { etagMatches } from '../../lib/etag.js';
import { receiveUpload } from '../../lib/receive-upload.js';
import { schemeFileExtensions } from '../../schemes/scheme-file.js';
import { startSchemeImport } from '../../schemes/start-scheme-import.js';
import { uploadsDirectory } from '../../lib/uploads.js';
import { skipCompression } from '../../middleware/compression.js';
import { anonymousLimit } from '../../middleware/anonymous-limit.js';
import { requireAdmin } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { requestKeyOf } from '../request-key.js';
import { apiRouter } from '../api-paths.js';

function schemeParam(value: string | undefined): SchemeId {
  const parsed = schemeId.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', `Unknown scheme ${String(value).slice(0, 100)}.`);
  return parsed.data;
}

/** The version named by an If-Match header (`"v"` or `W/"v"`), or null. */
function ifMatchVersion(header: string): string | null {
  const match = /^(?:W\/)?"([^"]*)"$/.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * Schemes as code trees (SPEC §2 "Schemes browsing page", §7 "Scheme data"): reads for everyone
 * (Explore and Learn are public), edits and imports for admins only.
 */
export function schemeRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/schemes');
  const schemes = app.schemes;
  // Reads are open to everyone (Explore and Learn), limited per address for anonymous callers.
  const publicRead = anonymousLimit(app, 'reads');

  router.get('/', publicRead, async (ctx) => {
    ctx.body = { schemes: await schemes.trees.summaries() } satisfies SchemeList;
  });

  router.get('/:scheme/tree', publicRead, async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    // Warm path: one Redis read finds the tree built for the current revision, and its ETag (its
    // body's hash) decides a 304 without touching the store.
    const tree = await schemes.trees.get(scheme);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', tree.etag);
    ctx.vary('Accept-Encoding');
    // Not ctx.fresh: it answers 200 to any request with Cache-Control: no-cache, which fetch() adds to every manual If-None-Match.
    if (etagMatches(ctx.get('if-none-match'), tree.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    skipCompression(ctx); // compressed once per revision, not per request
    if (tree.gzipped && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = tree.gzipped;
    } else {
      ctx.body = tree.body;
    }
  });

  router.get('/:scheme/codes/:value/links', publicRead, async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    await findCodeOr404(schemes, scheme, ctx.params.value!);
    ctx.body = { links: await readCodeLinks(app, scheme, ctx.params.value!) } satisfies CodeLinks;
  });

  router.post('/:scheme/codes', requireAdmin(), async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    const input = parseInput(createCodeRequest, ctx.request.body);
    const code = await createCode(schemes, ctx.state.session!.user.id, scheme, input);
    ctx.status = 201;
    ctx.body = { code } satisfies CodeMutationResult;
  });

  router.patch('/:scheme/codes/:value', requireAdmin(), async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    const input = parseInput(updateCodeRequest, ctx.request.body);
    const code = await updateCode(schemes, ctx.state.session!.user.id, scheme, ctx.params.value!, input, ifMatchVersion(ctx.get('if-match')));
    ctx.body = { code } satisfies CodeMutationResult;
  });

  router.post('/:scheme/codes/:value/move', requireAdmin(), async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    const { parent } = parseInput(moveCodeRequest, ctx.request.body);
    const code = await moveCode(schemes, ctx.state.session!.user.id, scheme, ctx.params.value!, parent);
    ctx.body = { code } satisfies CodeMutationResult;
  });

  router.delete('/:scheme/codes/:value', requireAdmin(), async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    await deleteCode(schemes, ctx.state.session!.user.id, scheme, ctx.params.value!);
    ctx.status = 204;
  });

  router.post('/:scheme/imports', requireAdmin(), async (ctx) => {
    const scheme = schemeParam(ctx.params.scheme);
    const upload = await receiveUpload(ctx, {
      directory: uploadsDirectory(app.config),
      maxBytes: app.config.schemeFileLimitBytes,
      extensions: Object.values(schemeFileExtensions),
    });
    const accepted = await startSchemeImport(app, scheme, upload, { ownerId: ctx.state.session!.user.id, requestKey: requestKeyOf(ctx) });
    ctx.status = 202;
    ctx.body = accepted satisfies JobAccepted;
  });

  return router;
}
