import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';

/** Explore's two tabs: browse a scheme and its codes' links, or translate a list of codes. */
export const exploreTabs = ['browse', 'translate'] as const;
export type ExploreTab = (typeof exploreTabs)[number];

function isExploreTab(value: string | null): value is ExploreTab {
  return (exploreTabs as readonly (string | null)[]).includes(value);
}

/**
 * What `/explore?tab=&scheme=&code=&from=&to=` says: the open tab, the scheme browsed and its
 * selected code, and the schemes of 'Translate codes'. Unknown schemes and tabs read as absent.
 */
export interface ExploreAddress {
  tab: ExploreTab;
  scheme: SchemeId | null;
  code: string | null;
  from: SchemeId | null;
  to: SchemeId | null;
}

export const exploreAddressDefaults: ExploreAddress = { tab: 'browse', scheme: null, code: null, from: null, to: null };

function schemeParam(params: URLSearchParams, name: string): SchemeId | null {
  const value = params.get(name);
  return value !== null && isSchemeId(value) ? value : null;
}

export function readExploreAddress(params: URLSearchParams): ExploreAddress {
  const tab = params.get('tab');
  const scheme = schemeParam(params, 'scheme');
  return {
    tab: isExploreTab(tab) ? tab : 'browse',
    scheme,
    // A code means nothing without its scheme.
    code: scheme === null ? null : params.get('code') || null,
    from: schemeParam(params, 'from'),
    to: schemeParam(params, 'to'),
  };
}

/** The query string of an address, in a fixed order, leaving out what is not set (and the default tab). */
export function exploreSearchParams(address: ExploreAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.tab !== 'browse') params.set('tab', address.tab);
  if (address.scheme !== null) {
    params.set('scheme', address.scheme);
    if (address.code !== null) params.set('code', address.code);
  }
  if (address.from !== null) params.set('from', address.from);
  if (address.to !== null) params.set('to', address.to);
  return params;
}

/** The address of a code in Explore's browser: `/explore?scheme=esco&code=…`. */
export function exploreCodePath(scheme: SchemeId, code: string | null): string {
  const query = exploreSearchParams({ ...exploreAddressDefaults, scheme, code }).toString();
  return `/explore?${query}`;
}

/** The address of 'Translate codes'. */
export const exploreTranslatePath = `/explore?${exploreSearchParams({ ...exploreAddressDefaults, tab: 'translate' }).toString()}`;

/** The scheme Browse opens on: ISCO-08 when it has codes (the best linked), else the first scheme that has. */
export function defaultBrowseScheme(withCodes: readonly SchemeId[]): SchemeId | null {
  return withCodes.includes('isco08') ? 'isco08' : (withCodes[0] ?? null);
}

/**
 * The schemes 'Translate codes' opens on: those of the address when they have codes and differ,
 * else ESCO to ISCO-08 (the seeded crosswalk), else the first schemes that have codes.
 */
export function translatePair(withCodes: readonly SchemeId[], from: SchemeId | null, to: SchemeId | null): { from: SchemeId | null; to: SchemeId | null } {
  const has = (id: SchemeId | null): id is SchemeId => id !== null && withCodes.includes(id);
  const chosenFrom = has(from) ? from : has('esco') && to !== 'esco' ? 'esco' : (withCodes.find((id) => id !== to) ?? null);
  const chosenTo = has(to) && to !== chosenFrom ? to : has('isco08') && chosenFrom !== 'isco08' ? 'isco08' : (withCodes.find((id) => id !== chosenFrom) ?? null);
  return { from: chosenFrom, to: chosenTo };
}
