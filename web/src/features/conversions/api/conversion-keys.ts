/** Query keys of the conversions resource (STYLE.md: keys start with the resource). */
export const conversionKeys = {
  all: ['conversions'] as const,
  list: () => ['conversions', 'list'] as const,
  /** One conversion and everything read about it (its result, its codes). */
  one: (conversionId: string) => ['conversions', conversionId] as const,
  detail: (conversionId: string) => ['conversions', conversionId, 'detail'] as const,
  result: (conversionId: string) => ['conversions', conversionId, 'result'] as const,
  code: (conversionId: string, uri: string) => ['conversions', conversionId, 'codes', uri] as const,
};

/** `/api/conversions/{id}` with the id encoded. */
export function conversionApiPath(conversionId: string): string {
  return `/api/conversions/${encodeURIComponent(conversionId)}`;
}

/** `/api/conversions/{id}/codes/{uri}`: a source code (`scheme:code`) of the conversion. */
export function conversionCodeApiPath(conversionId: string, uri: string): string {
  return `${conversionApiPath(conversionId)}/codes/${encodeURIComponent(uri)}`;
}
