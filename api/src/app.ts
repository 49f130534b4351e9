import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from './context.js';
import type { AppState } from './koa-types.js';
import { apiCompression } from './middleware/compression.js';
import { contentSecurityPolicy } from './middleware/content-security-policy.js';
import { csrfGuard } from './middleware/csrf.js';
import { errorHandler } from './middleware/errors.js';
import { issueCsrfCookie, loadSession } from './middleware/session.js';
import { webApp } from './middleware/web-app.js';
import { adminRoutes } from './routes/admin/admin-routes.js';
import { isApiPath } from './routes/api-paths.js';
import { queueDashboard } from './routes/admin/queue-dashboard.js';
import { authRoutes } from './routes/auth/auth-routes.js';
import { conversionRoutes } from './routes/conversions/conversion-routes.js';
import { crosswalkRoutes } from './routes/crosswalks/crosswalk-routes.js';
import { crosswalkSetRoutes } from './routes/crosswalks/crosswalk-set-routes.js';
import { auditRoutes } from './routes/predictions/audit-routes.js';
import { bulkAcceptRoutes } from './routes/predictions/bulk-accept-routes.js';
import { reviewBatchRoutes } from './routes/predictions/review-batch-routes.js';
import { secondOpinionRoutes } from './routes/predictions/second-opinion-routes.js';
import { predictionExportRoutes } from './routes/predictions/prediction-export-routes.js';
import { predictionSetRoutes } from './routes/predictions/prediction-set-routes.js';
import { predictionUploadRoutes } from './routes/predictions/prediction-upload-routes.js';
import { datasetRoutes } from './routes/datasets/dataset-routes.js';
import { jobRoutes } from './routes/jobs/job-routes.js';
import { linkRoutes } from './routes/links/link-routes.js';
import { linkSuggestionRoutes } from './routes/links/link-suggestion-routes.js';
import { exportRoutes } from './routes/export/export-routes.js';
import { healthRoutes } from './routes/health/health-routes.js';
import { codeMatchRoutes } from './routes/schemes/code-match-routes.js';
import { schemeRoutes } from './routes/schemes/scheme-routes.js';
import { siteFiles } from './routes/site/site-files.js';
import { siteRoutes } from './routes/site/site-routes.js';
import { sparqlRoutes } from './routes/sparql/sparql-routes.js';
import { translateRoutes } from './routes/translate/translate-routes.js';
import { suggestionFiles } from './routes/suggestions/suggestion-files.js';

/** The Koa application: errors, security headers, compression, body, session, CSRF, routes, suggestions files, web app. */
export function createKoaApp(app: AppContext): Koa<AppState> {
  // Behind a trusted proxy, the client is the address that proxy saw (the last X-Forwarded-For entry), not one the client wrote.
  const koa = new Koa<AppState>({ proxy: app.config.trustProxy, maxIpsCount: 1 });
  koa.silent = true;

  koa.use(errorHandler(app.log));
  koa.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  });
  koa.use(contentSecurityPolicy());
  koa.use(apiCompression());
  koa.use(loadSession(app));
  koa.use(csrfGuard());
  koa.use(issueCsrfCookie(app));
  koa.use(queueDashboard(app));
  const parseJsonBody = bodyParser({
    enableTypes: ['json'],
    // DELETE /api/links carries its link in the body (SPEC §7: the same payload as creating it).
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    jsonLimit: app.config.bodyLimitBytes,
    encoding: 'utf-8',
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError('payload_too_large', `The request body is larger than ${app.config.bodyLimitBytes} bytes.`);
      if (status === 415) throw new AppError('unsupported_media_type', 'Send JSON (Content-Type: application/json).');
      throw new AppError('malformed_json', `The request body is not valid JSON: ${error.message}`);
    },
  }) as unknown as Koa.Middleware<AppState>;
  koa.use(async (ctx, next) => (isApiPath(ctx.path) ? parseJsonBody(ctx, next) : next()));

  for (const router of [healthRoutes(app), authRoutes(app), jobRoutes(app), adminRoutes(app), schemeRoutes(app), codeMatchRoutes(app), linkRoutes(app), linkSuggestionRoutes(app), crosswalkSetRoutes(app), crosswalkRoutes(app), datasetRoutes(app), predictionUploadRoutes(app), predictionSetRoutes(app), predictionExportRoutes(app), bulkAcceptRoutes(app), reviewBatchRoutes(app), secondOpinionRoutes(app), auditRoutes(app), conversionRoutes(app), translateRoutes(app), siteRoutes(app), sparqlRoutes(app), exportRoutes(app)]) {
    koa.use(router.routes());
    koa.use(router.allowedMethods());
  }
  // Before the web app, whose SPA fallback would answer a missing suggestions file with index.html.
  koa.use(suggestionFiles(app));
  koa.use(siteFiles(app.config.siteDir));
  koa.use(webApp(app.config.webDistDir));
  return koa;
}
