import type { ConversionPath } from '@og/shared/contracts/conversions';
import type { TranslatedCode, TranslateStatus } from '@og/shared/contracts/public';

/** How 'Translate codes' names each outcome of a code. */
export const statusLabels: Record<TranslateStatus, string> = {
  translated: 'translated',
  'no-link': 'no link',
  unlinkable: 'unlinkable',
  unknown: 'unknown code',
};

export const statusDescriptions: Record<TranslateStatus, string> = {
  translated: 'Read in the other scheme through at least one link.',
  'no-link': 'A code of the scheme with no path to the other scheme.',
  unlinkable: 'Marked as having no counterpart in the other scheme.',
  unknown: 'Not a code of the scheme translated from.',
};

/** The dot beside each status (the text stays the body colour: readable on any background). */
export const statusColors: Record<TranslateStatus, string> = {
  translated: 'teal',
  'no-link': 'orange',
  unlinkable: 'grape',
  unknown: 'red',
};

/** How a target was reached, in the words of a conversion. */
export const pathLabels: Record<ConversionPath, string> = {
  direct: 'direct',
  'two-hop': 'two hops',
  'default-to-parent': 'default to parent',
};

export const pathDescriptions: Record<ConversionPath, string> = {
  direct: 'A link of the code (or of its descendants) to the other scheme.',
  'two-hop': 'Two links, through a code of a third scheme.',
  'default-to-parent': 'The code has no link of its own and follows its parent’s.',
};

/** How many codes ended in each status, every status counted (0 included), in the order of `statusLabels`. */
export function countStatuses(codes: readonly TranslatedCode[]): Record<TranslateStatus, number> {
  const counts: Record<TranslateStatus, number> = { translated: 0, 'no-link': 0, unlinkable: 0, unknown: 0 };
  for (const code of codes) counts[code.status] += 1;
  return counts;
}
