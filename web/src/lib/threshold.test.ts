import { describe, expect, it } from 'vitest';
import { defaultThreshold, formatThresholdPercent, sliderFromThreshold, thresholdFromSlider } from './threshold';

describe('threshold slider (SPEC §5, §9)', () => {
  it('divides the slider value by 100 and rounds to 2 decimals', () => {
    expect(thresholdFromSlider(75)).toBe(0.75);
    expect(thresholdFromSlider(25)).toBe(0.25);
    expect(thresholdFromSlider(29)).toBe(0.29);
    expect(thresholdFromSlider(57.5)).toBe(0.58);
    expect(thresholdFromSlider(33.333)).toBe(0.33);
    expect(thresholdFromSlider(0)).toBe(0);
    expect(thresholdFromSlider(100)).toBe(1);
  });

  it('keeps the threshold within 0 and 1', () => {
    expect(thresholdFromSlider(-5)).toBe(0);
    expect(thresholdFromSlider(140)).toBe(1);
  });

  it('places a threshold on the slider and names it in percent', () => {
    expect(sliderFromThreshold(defaultThreshold)).toBe(75);
    expect(sliderFromThreshold(0.29)).toBe(29);
    expect(formatThresholdPercent(0.5)).toBe('50%');
    for (let value = 0; value <= 100; value++) expect(sliderFromThreshold(thresholdFromSlider(value))).toBe(value);
  });
});
