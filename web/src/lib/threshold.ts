/** SPEC §3, §9: a prediction set's threshold is 0–1, 0.75 unless changed. */
export const defaultThreshold = 0.75;

/** SPEC §9: the threshold slider's marks, in percent. */
export const thresholdMarks = [25, 50, 75] as const;

/** SPEC §5: the slider's value (0–100) divided by 100 and rounded to 2 decimals. */
export function thresholdFromSlider(value: number): number {
  const clamped = Math.min(100, Math.max(0, value));
  // Rounding the percent (not value / 100) avoids binary fractions: 57.5 → 0.58, not 0.57.
  return Math.round(clamped) / 100;
}

/** The slider position of a threshold (0.75 → 75). */
export function sliderFromThreshold(threshold: number): number {
  return Math.round(Math.min(1, Math.max(0, threshold)) * 100);
}

/** 'Adjust threshold: 75%' (SPEC §2 prediction set actions). */
export function formatThresholdPercent(threshold: number): string {
  return `${sliderFromThreshold(threshold)}%`;
}
