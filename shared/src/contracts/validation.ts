import type { z } from 'zod';

/** A flat, JSON-safe list of what failed validation, for `error.details`. */
export interface FieldIssue {
  path: string;
  message: string;
}

export function describeIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
