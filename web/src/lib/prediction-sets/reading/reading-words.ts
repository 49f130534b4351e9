import type { PredictionPreview, PredictionReading, PreviewEntry, ReadingProblem } from '@og/shared/contracts/prediction-reading';
import { splitPredictionUri } from '@og/shared/contracts/predictions';
import { schemeById } from '@og/shared/domain/schemes';

/** The column-mapping step's sentences (issue 28): the layout recognised, a problem, an entry's codes. */

/** 'hisco_pred1_0', or the first of several: 'hisco_pred1_0…'. */
const firstOf = (columns: readonly string[]): string => `${columns[0] ?? ''}${columns.length > 1 ? '…' : ''}`;

/** Where the proposal's codes and confidences come from: 'the model's codes from hisco_pred1_0…, no confidences'. */
function codesAndConfidences(reading: PredictionReading, whose: string): string {
  const codes = `${whose} from ${firstOf(reading.codes.map((code) => code.column))}`;
  const confidences = [...new Set(reading.codes.flatMap((code) => (code.confidence === null ? [] : [code.confidence])))];
  return `${codes}, ${confidences.length ? `confidences from ${firstOf(confidences)}` : 'no confidences'}`;
}

/** The sentence naming the layout the preview recognised, from the reading it proposed. */
export function layoutSentence(preview: Pick<PredictionPreview, 'layout' | 'reading'>): string {
  const { layout, reading } = preview;
  if (layout === 'occpast-json') return 'Recognised an OCCPAST JSON file: its entries are read as they are written.';
  if (!reading) return 'No column of this file looks like codes of our schemes: choose the title column and the code columns.';
  switch (layout) {
    case 'occcanine-eval':
      return `Recognised OccCANINE's evaluation layout: ${codesAndConfidences(reading, "the model's codes")}.`;
    case 'occcanine-wide':
      return `Recognised OccCANINE's predict layout: ${codesAndConfidences(reading, 'codes')}.`;
    case 'occcanine-greedy':
      return `Recognised OccCANINE's greedy predict layout: ${codesAndConfidences(reading, 'codes')}.`;
    case 'occcanine-topk':
      return `Recognised OccCANINE's top-k predict layout, one row per candidate: ${codesAndConfidences(reading, 'codes')}.`;
    default:
      return `No known layout: a reading is proposed from the columns' names and values, ${codesAndConfidences(reading, 'codes')}. Check it below.`;
  }
}

/** 'Line 3, column prob_1: …', naming what of the place is known. */
export function problemText(problem: ReadingProblem): string {
  const place = [problem.line === null ? null : `Line ${problem.line}`, problem.column === null ? null : `column ${problem.column}`].filter(Boolean).join(', ');
  return place ? `${place}: ${problem.message}` : problem.message;
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** A confidence as the preview shows it: '87%', or '—' when the file gives none. */
export const confidenceText = (conf: number | null): string => (conf === null ? '—' : percent.format(conf));

/** An entry's predictions, best first: each its codes (several joined by '&', as OccCANINE writes them) and confidence. */
export function predictionTexts(entry: Pick<PreviewEntry, 'predictions'>): { codes: string; confidence: string }[] {
  return entry.predictions.map((prediction) => ({
    codes: prediction.uris.map((uri) => splitPredictionUri(uri).code).join(' & '),
    confidence: confidenceText(prediction.conf),
  }));
}

/** What the scheme's description says: the share of the sampled codes that are the scheme's. */
export function schemeShareText(preview: Pick<PredictionPreview, 'scheme' | 'schemeShare'>, chosen: string | null): string | undefined {
  if (preview.schemeShare === null) return undefined;
  const share = Math.floor(preview.schemeShare * 100);
  if (preview.scheme === null) return 'None of the sampled codes is a code of our schemes.';
  const most = `${share}% of the sampled codes are ${schemeById(preview.scheme).label} codes`;
  return chosen === null || chosen === preview.scheme ? most : `${most}, more than of any other scheme`;
}
