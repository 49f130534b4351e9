import type Router from '@koa/router';
import { z } from 'zod';
import type { JobList, JobRun } from '@og/shared/contracts/jobs';
import type { AppContext } from '../../context.js';
import { listJobRunsOfOwner } from '../../db/queries/job-runs.js';
import type { AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { presentJobRun } from '../../jobs/job-run-presenter.js';
import { findVisibleJobRunOr404 } from '../../jobs/job-run-access.js';
import { apiRouter } from '../api-paths.js';

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** `GET /api/jobs` (the caller's recent jobs) and `GET /api/jobs/{id}` (one job its owner or an admin may see). */
export function jobRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/jobs');
  router.use(requireUser());

  router.get('/', async (ctx) => {
    const { limit } = parseInput(listQuery, ctx.query, 'query');
    const rows = await listJobRunsOfOwner(app.db, ctx.state.session!.user.id, limit);
    ctx.body = { jobs: rows.map(presentJobRun) } satisfies JobList;
  });

  router.get('/:id', async (ctx) => {
    const row = await findVisibleJobRunOr404(app.db, ctx.params.id!, ctx.state.session!.user, { notFound: 'No such job.' });
    ctx.body = presentJobRun(row) satisfies JobRun;
  });

  return router;
}

