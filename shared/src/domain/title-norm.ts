const printableAscii = /^[\x20-\x7e]*$/;

/**
 * The form in which two occupational titles are taken for the same when a reviewer's mapping is
 * propagated: letter case, accents, spacing and punctuation aside ('Farm-Labourer ' and 'farm
 * labourer' are one title; 'Bäcker' and 'backer' too). Letters and digits of every script stay.
 */
export function normaliseTitle(title: string): string {
  // Printable ASCII (most titles): the same result without decomposing, which is much faster. In ASCII every
  // character that is not a letter or digit is punctuation, a symbol or a space.
  if (printableAscii.test(title)) return title.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();
}
