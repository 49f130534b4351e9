import { z } from 'zod';

/** The schema an API answer is read with: one of shared/contracts' response schemas. */
export type ResponseSchema<T> = z.ZodType<T>;

/** The answer of a call that answers 204 No Content. */
export const noContent = z.undefined();

/** An API answer that does not have the shape the shared contract gives it: the server and the web app drifted apart. */
export class ApiContractError extends Error {
  constructor(
    readonly call: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const first = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`)
      .join('; ');
    super(`API contract drift in ${call}: ${first}`);
    this.name = 'ApiContractError';
  }
}

/**
 * Whether a drift throws. In development and in the unit tests it does, so it fails at once; the
 * built app logs it to the console instead (the browser tests fail on any such line) and goes on
 * with the answer as it came, rather than breaking a page for a field it may not even show.
 */
const strict = import.meta.env.DEV;

/** Reads an answer with its schema: the parsed value, or a drift thrown (strict) or logged (built app). */
export function readResponse<T>(schema: ResponseSchema<T>, body: unknown, call: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const drift = new ApiContractError(call, parsed.error.issues);
  if (strict) throw drift;
  console.error(drift.message);
  return body as T;
}
