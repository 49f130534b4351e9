import type Router from '@koa/router';
import type { HealthReport } from '@og/shared/contracts/runtime';
import { AppError } from '@og/shared/errors/app-error';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import type { AppContext } from '../../context.js';
import { pingDatabase } from '../../db/database.js';
import type { AppState } from '../../koa-types.js';
import { apiRouter } from '../api-paths.js';

/** How long each service may take to answer before it counts as down. */
const checkTimeoutMs = 3_000;

/** Whether `check` succeeds within the time limit. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), checkTimeoutMs)));
  try {
    return await Promise.race([check().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /api/health`: 200 when PostgreSQL and Redis answer, 503 `unavailable` (with `Retry-After`) otherwise. */
export function healthRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/health');
  router.get('/', async (ctx) => {
    const [postgres, redis] = await Promise.all([answers(() => pingDatabase(app.db)), answers(() => app.redis.ping())]);
    ctx.set('Cache-Control', 'no-store');
    if (!postgres || !redis) {
      throw new AppError('unavailable', serverUnavailableMessage, { postgres: postgres ? 'ok' : 'down', redis: redis ? 'ok' : 'down' });
    }
    ctx.body = { status: 'ok' } satisfies HealthReport;
  });
  return router;
}
