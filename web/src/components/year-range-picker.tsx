import '@mantine/dates/styles.css';
import { DatesProvider, type DatesProviderSettings, YearPickerInput } from '@mantine/dates';
import { useId, useState } from 'react';
import { formatPickerRange, pickerRangeOf, type PickerRange, yearDate, type YearRange, yearRangeOf } from '../lib/year-range';

/**
 * SPEC §9 date defaults: locale en, weeks from Monday, Saturday and Sunday the weekend, an en dash
 * between a range's ends, years as YYYY. Given to this picker alone, so that @mantine/dates and
 * dayjs load with the screens that use it and not with the app.
 */
export const dateDefaults = {
  locale: 'en',
  firstDayOfWeek: 1,
  weekendDays: [0, 6],
  labelSeparator: '–',
} as const satisfies DatesProviderSettings;
export const yearFormat = 'YYYY';

interface YearRangePickerProps {
  label: string;
  description?: string;
  value: YearRange | null;
  onChange: (range: YearRange | null) => void;
  /** Years outside these bounds are disabled (SPEC §5). */
  minYear: number;
  maxYear: number;
  'data-testid'?: string;
}

/**
 * SPEC §2 "Year-range picker": placeholder 'Date range', clearable, two decades side by side, a
 * range of one year allowed (the same year chosen twice). A range with one end chosen is not a
 * value: it is kept while the picker is open and cleared when it closes (SPEC §5). One year is
 * shown once ('1881'), a range as '1851 – 1881'.
 *
 * Mantine's decade page always shows the ten years of a decade (1850–1859); SPEC §9's twelve
 * years per decade page is not among its settings.
 */
export function YearRangePicker({ label, description, value, onChange, minYear, maxYear, 'data-testid': testId }: YearRangePickerProps) {
  // The first end chosen of a new range, until the second is.
  const [started, setStarted] = useState<string | null>(null);
  const range: PickerRange = started ? [started, null] : pickerRangeOf(value);
  // The field and its popover share one id base, so the popover is named by the field it opens from.
  const popoverId = useId();

  function change(next: PickerRange) {
    const complete = yearRangeOf(next);
    setStarted(complete === null && next[0] !== null ? next[0] : null);
    if (complete !== null || next[0] === null) onChange(complete);
  }

  return (
    <DatesProvider settings={dateDefaults}>
      <YearPickerInput
        type="range"
        id={`${popoverId}-target`}
        popoverProps={{ id: popoverId }}
        label={label}
        description={description}
        placeholder="Date range"
        clearable
        numberOfColumns={2}
        allowSingleDateInRange
        valueFormat={yearFormat}
        valueFormatter={({ date }) => formatPickerRange(date as PickerRange, dateDefaults.labelSeparator)}
        minDate={yearDate(minYear)}
        maxDate={yearDate(maxYear)}
        value={range}
        onChange={change}
        previousLabel="Previous decades"
        nextLabel="Next decades"
        clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
        data-testid={testId}
      />
    </DatesProvider>
  );
}
