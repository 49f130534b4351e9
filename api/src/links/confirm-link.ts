import { isPseudoTarget, type LinkRequest } from '@og/shared/contracts/links';
import { AppError } from '@og/shared/errors/app-error';
import { confirmLink as confirmLinkRecord } from '../db/queries/link-records.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { storedLink } from './link-edits.js';

/**
 * An admin looked at a stale link and keeps it as it is: it is no longer stale until one of its
 * codes changes again. Only a link between two codes can be confirmed (400); one that does not
 * exist is a 404.
 */
export async function confirmLink(schemes: SchemeContext, request: LinkRequest): Promise<void> {
  if (isPseudoTarget(request.targetNodeID)) throw new AppError('bad_request', 'Only a link between two codes can be confirmed.');
  const link = storedLink(schemes, { scheme: request.sourceScheme, value: request.sourceNodeID }, { scheme: request.targetScheme, value: request.targetNodeID });
  if (!(await confirmLinkRecord(schemes.db, link))) throw new AppError('not_found', 'No such link.');
}
