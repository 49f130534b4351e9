import crypto from 'node:crypto';
import type { CodeRecord, CreateCodeRequest } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import { appendAudit } from '../db/queries/audit-log.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { withSchemeLock } from '../schemes/scheme-lock.js';
import { insertCode } from '../schemes/scheme-queries.js';

/** Creates a code (a child of `parent`, or a root) with a new UUID value (SPEC §7 "Create"). */
export async function createCode(schemes: SchemeContext, actorId: string, scheme: SchemeId, input: CreateCodeRequest): Promise<CodeRecord> {
  return withSchemeLock(schemes.redis, schemes.redisPrefix, scheme, async () => {
    if (input.parent !== undefined && !(await schemes.repository.readCode(scheme, input.parent))) {
      throw new AppError('not_found', `The parent code ${input.parent} does not exist in ${scheme}.`);
    }
    const value = crypto.randomUUID();
    const fields = {
      name: input.name.trim(),
      label: input.label.trim(),
      description: input.description?.trim() || undefined,
      parentIri: input.parent === undefined ? undefined : schemes.iris.code(scheme, input.parent),
    };
    await schemes.store.update(insertCode(schemes.iris, scheme, schemes.iris.code(scheme, value), fields));
    await schemes.revisions.bump(scheme);
    const created = (await schemes.repository.readCode(scheme, value))!;
    await appendAudit(schemes.db, { actorId, action: 'code.create', scheme, subject: schemes.iris.code(scheme, value), before: null, after: created });
    return created;
  });
}
