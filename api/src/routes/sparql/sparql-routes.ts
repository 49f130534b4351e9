import type Router from '@koa/router';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { readTextBody } from '../../lib/read-text-body.js';
import { requireUser } from '../../middleware/session.js';
import { callsService, readQuery, rowCappedQuery } from '../../sparql/sparql-text.js';
import { ResultTooLargeError, StoreSyntaxError, StoreTimeoutError } from '../../sparql/triple-store.js';
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
    const { sparqlTimeoutMs: timeoutMs, sparqlMaxRows: maxRows, sparqlMaxBytes: maxBytes } = app.config;
    const sent = rowCappedQuery(reading.parsed, query, maxRows) ?? query;
    const tooLarge = (what: string) =>
      new AppError('result_too_large', `The answer has ${what}; this endpoint sends at most ${maxRows.toLocaleString('en')} rows and ${maxBytes.toLocaleString('en')} bytes. Add a LIMIT, or page with LIMIT and OFFSET.`);
    try {
      // The store picks the format from the client's Accept (N-Triples or Turtle for graphs, SPARQL JSON otherwise).
      const result = await app.store.queryRaw(sent, ctx.get('accept'), { timeoutMs, maxResultBytes: maxBytes });
      if (Buffer.byteLength(result.body) > maxBytes) throw tooLarge(`more than ${maxBytes.toLocaleString('en')} bytes`);
      if (sent !== query) {
        const rows = (JSON.parse(result.body) as { results?: { bindings?: unknown[] } }).results?.bindings?.length ?? 0;
        if (rows > maxRows) throw tooLarge(`more than ${maxRows.toLocaleString('en')} rows`);
      }
      ctx.type = result.contentType;
      ctx.body = result.body;
    } catch (error) {
      if (error instanceof StoreTimeoutError) throw new AppError('service_unavailable', `The query took longer than ${timeoutMs} ms and was stopped.`);
      if (error instanceof ResultTooLargeError) throw tooLarge(`more than ${maxBytes.toLocaleString('en')} bytes`);
      if (error instanceof StoreSyntaxError) throw new AppError('bad_request', error.message);
      throw error;
    }
  });

  return router;
}
