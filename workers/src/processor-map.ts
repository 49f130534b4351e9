import type { ProcessorFactories } from './processor.js';
import { schemeImport } from './processors/scheme-import.js';
import { sessionCleanup } from './processors/session-cleanup.js';

/** The handler map: one processor per job kind (the compiler checks none is missing). */
export const processorFactories: ProcessorFactories = {
  'session.cleanup': sessionCleanup,
  'scheme.import': schemeImport,
};
