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
