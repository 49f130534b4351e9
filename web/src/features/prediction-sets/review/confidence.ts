import type { SetConfidences } from '@og/shared/contracts/prediction-reading';

/**
 * SPEC §5 "Confidence": exactly 1 is a mark a reviewer set; above 0.8 high; 0.5 to 0.8 inclusive
 * medium; below 0.5 low. 'none': the file gives no confidence (issue 28).
 */
export type ConfidenceBand = 'user' | 'high' | 'medium' | 'low' | 'none';

export function confidenceBand(conf: number | null): ConfidenceBand {
  if (conf === null) return 'none';
  if (conf === 1) return 'user';
  if (conf > 0.8) return 'high';
  if (conf >= 0.5) return 'medium';
  return 'low';
}

/** SPEC §5: shown as a percentage with one decimal (0.8765 → '87.7%'); no confidence as '—'. */
export function formatConfidence(conf: number | null): string {
  if (conf === null) return '—';
  return `${(Math.round(conf * 1000) / 10).toFixed(1)}%`;
}

export const confidenceColors: Record<ConfidenceBand, string> = { user: 'violet', high: 'teal', medium: 'yellow', low: 'red', none: 'gray' };

export const confidenceLabels: Record<ConfidenceBand, string> = {
  user: 'Set by a reviewer',
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
  none: 'The file gives no confidence',
};

/** Issue 28: how a set's confidences came, when not from its file (null: from the file, or not known yet). */
export function setConfidencesWords(confidences: SetConfidences | null | undefined): string | null {
  if (confidences?.source === 'none') return 'The file gives no confidences: every entry is below the threshold';
  if (confidences?.source === 'given' && confidences.given !== null) {
    return `Confidence ${confidences.given.toLocaleString('en', { maximumFractionDigits: 4 })} given at import to each entry’s first-ranked code`;
  }
  return null;
}
