import type { CodeRecord } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from './scheme-context.js';
import { isPlausibleValue } from './scheme-iris.js';

/** The code with this value, or a 404. */
export async function findCodeOr404(schemes: SchemeContext, scheme: SchemeId, value: string): Promise<CodeRecord> {
  const code = isPlausibleValue(value) ? await schemes.repository.readCode(scheme, value) : null;
  if (!code) throw new AppError('not_found', `No code ${value} in ${scheme}.`);
  return code;
}
