/**
 * The form in which two occupational titles are taken for the same when a reviewer's mapping is
 * propagated: letter case, accents, spacing and punctuation aside ('Farm-Labourer ' and 'farm
 * labourer' are one title; 'Bäcker' and 'backer' too). Letters and digits of every script stay.
 */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();
}
