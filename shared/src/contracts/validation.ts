import { z } from 'zod';

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

/** A string of at most `max` characters with no control characters (tab, line breaks aside). */
export function plainText(max: number) {
  return (
    z
      .string()
      .max(max)
      // eslint-disable-next-line no-control-regex
      .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), 'must not contain control characters')
  );
}
