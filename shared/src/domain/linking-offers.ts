/**
 * SPEC §5 "Linking offers": what may be done to a code's links towards another scheme, decided on
 * a few facts of that code. The linking page enables its buttons by these rules and the api refuses
 * the same edits by them, so both say the same thing.
 *
 * A code's own "links" here are its entries towards the other scheme (SPEC §3's link maps: linked
 * codes and the pseudo-targets 'unlinkable' and 'default-to-parent'); the links of its children and
 * descendants, and 'Clear all links', count real links only (SPEC: "real links besides the
 * pseudo-markers"). So 'Stop default to parent' with "at most one link" is a code whose only entry
 * is its default, and a code defaulting to its parent is not offered 'Mark as unlinkable'.
 */

export interface LinkingFacts {
  /** Codes of the other scheme the code itself is linked to (real links only). */
  direct: readonly string[];
  /** Real links of the codes below it. */
  descendantLinkCount: number;
  /** Real links of its children. */
  childLinkCount: number;
  /** Its entries towards the other scheme: real links and pseudo-targets. */
  entryCount: number;
  unlinkable: boolean;
  defaultsToParent: boolean;
  hasDescendants: boolean;
}

export const linkingOfferNames = ['linkToDescendants', 'defaultToParent', 'stopDefaultToParent', 'markLinkable', 'markUnlinkable', 'clearAllLinks'] as const;
export type LinkingOffer = (typeof linkingOfferNames)[number];

/** The offers' labels, as the linking page shows them (SPEC §5). */
export const linkingOfferLabels: Record<LinkingOffer, string> = {
  linkToDescendants: 'Link to descendants',
  defaultToParent: 'Default to parent',
  stopDefaultToParent: 'Stop default to parent',
  markLinkable: 'Mark as linkable',
  markUnlinkable: 'Mark as unlinkable',
  clearAllLinks: 'Clear all links',
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * Why an offer is not made for a code, in words fit for a person (the first rule it fails), or
 * null when it is made.
 */
export function linkingOfferRefusal(offer: LinkingOffer, facts: LinkingFacts): string | null {
  const links = facts.direct.length;
  const reasons: [boolean, string][] = [];
  switch (offer) {
    case 'linkToDescendants':
      reasons.push([!facts.hasDescendants, 'it has no descendants']);
      break;
    case 'defaultToParent':
      reasons.push(
        [facts.defaultsToParent, 'it defaults to its parent already'],
        [facts.unlinkable, 'it is marked unlinkable there'],
        [links > 0, `it has ${plural(links, 'link')} there`],
      );
      break;
    case 'stopDefaultToParent':
      reasons.push(
        [!facts.defaultsToParent, 'it does not default to its parent'],
        [facts.unlinkable, 'it is marked unlinkable there'],
        [facts.descendantLinkCount > 0, `the codes below it have ${plural(facts.descendantLinkCount, 'link')} there`],
        [facts.entryCount > 1, `it has ${plural(links, 'link')} there besides its default; clear all its links instead`],
      );
      break;
    case 'markLinkable':
      reasons.push(
        [!facts.unlinkable, 'it is not marked unlinkable'],
        [facts.childLinkCount > 0, `its children have ${plural(facts.childLinkCount, 'link')} there`],
      );
      break;
    case 'markUnlinkable':
      reasons.push(
        [facts.unlinkable, 'it is marked unlinkable already'],
        [links > 0, `it has ${plural(links, 'link')} there`],
        [facts.defaultsToParent, 'it defaults to its parent there; stop that first'],
      );
      break;
    case 'clearAllLinks':
      reasons.push([links === 0, 'it has no links there besides its marks']);
      break;
  }
  return reasons.find(([fails]) => fails)?.[1] ?? null;
}

/** SPEC §5 "Linking offers", rule by rule: which offers are made for a code. */
export function linkingOffers(facts: LinkingFacts): Record<LinkingOffer, boolean> {
  return Object.fromEntries(linkingOfferNames.map((offer) => [offer, linkingOfferRefusal(offer, facts) === null])) as Record<LinkingOffer, boolean>;
}
