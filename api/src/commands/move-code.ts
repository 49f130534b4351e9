import type { CodeRecord } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import { appendAudit } from '../db/queries/audit-log.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { withSchemeLock } from '../schemes/scheme-lock.js';
import { moveCode as moveCodeUpdate } from '../schemes/scheme-queries.js';
import { findCodeOr404 } from './find-code.js';

/** SPEC §8: the message of a refused move. */
export const moveIntoDescendantMessage = 'Cannot move a node inside one of its descendants.';

/** Puts a code under another parent of the same scheme (SPEC §7 "Move"), never under itself or its descendants. */
export async function moveCode(schemes: SchemeContext, actorId: string, scheme: SchemeId, value: string, parent: string): Promise<CodeRecord> {
  return withSchemeLock(schemes.redis, schemes.redisPrefix, scheme, async () => {
    const before = await findCodeOr404(schemes, scheme, value);
    await findCodeOr404(schemes, scheme, parent);
    const { lookup } = (await schemes.trees.get(scheme)).tree;
    for (let current: string | undefined = parent, steps = 0; current !== undefined && steps < 10_000; current = lookup[current]?.parent, steps++) {
      if (current === value) throw new AppError('conflict', moveIntoDescendantMessage);
    }
    if (before.parent === parent) return before;
    await schemes.store.update(moveCodeUpdate(schemes.iris, scheme, schemes.iris.code(scheme, value), schemes.iris.code(scheme, parent)));
    await schemes.revisions.bump(scheme);
    const after = (await schemes.repository.readCode(scheme, value))!;
    await appendAudit(schemes.db, { actorId, action: 'code.move', scheme, subject: schemes.iris.code(scheme, value), before, after });
    return after;
  });
}
