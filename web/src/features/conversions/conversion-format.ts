import type { ConversionPath, NotConvertedReason } from '@og/shared/contracts/conversions';

/** Numbers follow the product's locale (SPEC §9: en), with thousands separators. Shares make sums fractional: at most two decimals. */
const amountFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** '12,345' or '1,234.5'. */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

/** The share `part` is of `whole`: '12.3%'; '—' when the whole is nothing. */
export function formatShare(part: number, whole: number): string {
  if (whole === 0) return '—';
  return percentFormat.format(part / whole);
}

/** A target's share of a code's sums (0–1): '50%', '33.3%'. */
export function formatFraction(share: number): string {
  return percentFormat.format(share);
}

export const pathLabels: Record<ConversionPath, string> = {
  direct: 'Direct link',
  'two-hop': 'Two hops',
  'default-to-parent': 'Default to parent',
};

export const pathDescriptions: Record<ConversionPath, string> = {
  direct: 'The code’s own link to the target scheme (and the decisions taken here).',
  'two-hop': 'Two links, through a code of another scheme.',
  'default-to-parent': 'The code has no link of its own and follows its parent’s.',
};

export const reasonLabels: Record<NotConvertedReason, string> = {
  'no link': 'No link',
  unlinkable: 'Unlinkable',
  'unknown code': 'Unknown code',
  'not coded': 'Not coded',
};

export const reasonDescriptions: Record<NotConvertedReason, string> = {
  'no link': 'Codes with no path to the target scheme.',
  unlinkable: 'Codes marked as having no counterpart in the target scheme.',
  'unknown code': 'Codes that are not in the source scheme.',
  'not coded': 'Titles with no code (and, for a prediction set, no reviewed mapping).',
};
