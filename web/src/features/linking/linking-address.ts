import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';

/** The two sides of the linking page: the source tree on the left, the target tree on the right. */
export type Side = 'source' | 'target';
export const sides: readonly Side[] = ['source', 'target'];

export function otherSide(side: Side): Side {
  return side === 'source' ? 'target' : 'source';
}

/** SPEC §9: the linking page opens on PST-2 (left) and SOC-2020 (right). */
export const defaultSchemes: Readonly<Record<Side, SchemeId>> = { source: 'pst2', target: 'soc2020' };

/** What `/admin/linking?lc=&rc=&lid=&rid=` says: each side's scheme and selected code. */
export interface LinkingAddress {
  schemes: Record<Side, SchemeId>;
  codes: Record<Side, string | null>;
}

/** The query parameter of each side's scheme and code (SPEC §2 route table). */
const parameterNames: Readonly<Record<Side, { scheme: string; code: string }>> = {
  source: { scheme: 'lc', code: 'lid' },
  target: { scheme: 'rc', code: 'rid' },
};

/**
 * The address as the page uses it: an unknown or missing scheme is the side's default, and a
 * right scheme equal to the left one gives way (two sides of one scheme cannot be linked).
 */
export function readLinkingAddress(params: URLSearchParams): LinkingAddress {
  const schemeOf = (side: Side): SchemeId | null => {
    const value = params.get(parameterNames[side].scheme);
    return value !== null && isSchemeId(value) ? value : null;
  };
  const source = schemeOf('source') ?? defaultSchemes.source;
  let target = schemeOf('target') ?? defaultSchemes.target;
  if (target === source) target = source === defaultSchemes.target ? defaultSchemes.source : defaultSchemes.target;
  const codeOf = (side: Side) => params.get(parameterNames[side].code) || null;
  return { schemes: { source, target }, codes: { source: codeOf('source'), target: codeOf('target') } };
}

/** The query string of an address: both schemes, and the codes that are selected. */
export function linkingSearchParams(address: LinkingAddress): URLSearchParams {
  const params = new URLSearchParams();
  for (const side of sides) params.set(parameterNames[side].scheme, address.schemes[side]);
  for (const side of sides) {
    const code = address.codes[side];
    if (code !== null) params.set(parameterNames[side].code, code);
  }
  return params;
}
