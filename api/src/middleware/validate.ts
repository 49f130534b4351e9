import type { z } from 'zod';
import { AppError } from '@og/shared/errors/app-error';
import { describeIssues, type FieldIssue } from '@og/shared/contracts/validation';

/** The 400 for input that breaks a rule: its message names the first issue, its details list them. */
export function validationError(what: string, issues: FieldIssue[]): AppError {
  const first = issues[0];
  const message = first ? `Invalid ${what}: ${first.path ? `${first.path}: ` : ''}${first.message}` : `Invalid ${what}`;
  return new AppError('validation_failed', message, issues);
}

/** Parses a value with a contract schema, or throws a 400 listing what is wrong. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, what = 'request body'): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(what, describeIssues(parsed.error));
  return parsed.data;
}
