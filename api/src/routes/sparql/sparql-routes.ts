import type Router from '@koa/router';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { readTextBody } from '../../lib/read-text-body.js';
import { requireUser } from '../../middleware/session.js';
import { callsService, readQuery } from '../../sparql/sparql-text.js';
import { StoreSyntaxError, StoreTimeoutError } from '../../sparql/triple-store.js';
import { apiRouter } from '../api-paths.js';

/**
 * The read-only SPARQL endpoint (DESIGN.md §1, §7): SELECT, ASK, CONSTRUCT and DESCRIBE with a
 * time limit. The query is parsed first; anything that is not a query (any update form) is
 * refused with 400 before the store sees it.
 */
export function sparqlRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();

  router.post('/sparql', requireUser(), async (ctx) => {
    let query: string;
    if (ctx.is('application/sparql-query')) {
      query = await readTextBody(ctx, app.config.bodyLimitBytes);
    } else if (ctx.is('json')) {
      const body = ctx.request.body as { query?: unknown } | undefined;
      if (typeof body?.query !== 'string') throw new AppError('bad_request', 'Send the query as application/sparql-query, or JSON {"query": "..."}.');
      query = body.query;
    } else {
      throw new AppError('unsupported_media_type', 'Send the query as application/sparql-query.');
    }
    const reading = readQuery(query);
    if (reading.syntaxError !== null) throw new AppError('bad_request', `The query is not valid SPARQL: ${reading.syntaxError}`);
    if (reading.form === null) {
      throw new AppError('bad_request', 'This endpoint answers SELECT, ASK, CONSTRUCT and DESCRIBE queries only; updates are not accepted.');
    }
    if (callsService(reading.parsed)) throw new AppError('bad_request', 'SERVICE clauses are not accepted: this endpoint queries this store only, and never calls another.');
    try {
      // The store picks the format from the client's Accept (N-Triples or Turtle for graphs, SPARQL JSON otherwise).
      const result = await app.store.queryRaw(query, ctx.get('accept'), { timeoutMs: app.config.sparqlTimeoutMs });
      ctx.type = result.contentType;
      ctx.body = result.body;
    } catch (error) {
      if (error instanceof StoreTimeoutError) throw new AppError('service_unavailable', `The query took longer than ${app.config.sparqlTimeoutMs} ms and was stopped.`);
      if (error instanceof StoreSyntaxError) throw new AppError('bad_request', error.message);
      throw error;
    }
  });

  return router;
}
