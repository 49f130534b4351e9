import type { z } from 'zod';
import { AppError } from '@og/shared/errors/app-error';
import { describeIssues } from '@og/shared/contracts/validation';

/** Parses a value with a contract schema, or throws a 400 listing what is wrong. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, what = 'request body'): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    const first = issues[0];
    const message = first ? `Invalid ${what}: ${first.path ? `${first.path}: ` : ''}${first.message}` : `Invalid ${what}`;
    throw new AppError('validation_failed', message, issues);
  }
  return parsed.data;
}
