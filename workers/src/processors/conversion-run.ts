import { markConversionFailed } from '@og/api/db/queries/conversions';
import { runConversion } from '@og/api/conversions/run-conversion';
import { UnrecoverableError } from 'bullmq';
import type { FinalFailure, JobProcessor, WorkerDeps } from '../processor.js';

/** `conversion.run`: the conversion's work is the api's (runConversion), shared with its decisions. */
export function conversionRun(deps: WorkerDeps): JobProcessor<'conversion.run'> {
  return async (input, { report, log }) => {
    const result = await runConversion(deps, input.conversionId, (phase, done, total) => report({ phase, done, total, unit: 'codes' }));
    if (!result) return { sourceCodes: 0, problematic: 0 };
    log.info('conversion done', { conversionId: input.conversionId, ...result });
    return result;
  };
}

/** The conversion failed for good: it says why (a fault of the server says so, its details in the log). */
export async function conversionRunFailed(deps: WorkerDeps, input: { conversionId: string }, failure: FinalFailure): Promise<void> {
  const expected = failure.error instanceof UnrecoverableError;
  if (!expected) deps.log.error('conversion failed for good', { conversionId: input.conversionId, error: failure.error ?? failure.message });
  await markConversionFailed(deps.db, input.conversionId, expected ? failure.message : 'The conversion failed on the server (the details are in its log). Run it again, or ask an administrator.');
}
