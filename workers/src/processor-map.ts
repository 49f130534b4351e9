import type { FinalFailureHooks, ProcessorFactories } from './processor.js';
import { conversionRun, conversionRunFailed } from './processors/conversion-run.js';
import { crosswalkImport } from './processors/crosswalk-import.js';
import { crosswalkRemoveSet } from './processors/crosswalk-remove-set.js';
import { datasetIngest, datasetIngestFailed } from './processors/dataset-ingest.js';
import { linksSuggest } from './processors/links-suggest.js';
import { predictionsBulkAccept } from './processors/predictions-bulk-accept.js';
import { predictionsImport, predictionsImportFailed } from './processors/predictions-import.js';
import { predictionsRun, predictionsRunFailed } from './processors/predictions-run.js';
import { predictionsRunChunk } from './processors/predictions-run-chunk.js';
import { schemeImport } from './processors/scheme-import.js';
import { sessionCleanup } from './processors/session-cleanup.js';

/** The handler map: one processor per job kind (the compiler checks none is missing). */
export const processorFactories: ProcessorFactories = {
  'session.cleanup': sessionCleanup,
  'scheme.import': schemeImport,
  'dataset.ingest': datasetIngest,
  'crosswalk.import': crosswalkImport,
  'crosswalk.remove-set': crosswalkRemoveSet,
  'predictions.import': predictionsImport,
  'predictions.bulk-accept': predictionsBulkAccept,
  'predictions.run': predictionsRun,
  'predictions.run-chunk': predictionsRunChunk,
  'conversion.run': conversionRun,
  'links.suggest': linksSuggest,
};

export const finalFailureHooks: FinalFailureHooks = {
  'dataset.ingest': datasetIngestFailed,
  'predictions.import': predictionsImportFailed,
  'predictions.run': predictionsRunFailed,
  'conversion.run': conversionRunFailed,
};
