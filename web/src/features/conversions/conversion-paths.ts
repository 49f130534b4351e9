/** The conversion screens' addresses: the list, a conversion's result, and the walk through its source codes. */
export const conversionsListPath = '/convert';

export function conversionPath(conversionId: string): string {
  return `/convert/${encodeURIComponent(conversionId)}`;
}

/** `/convert/{conversionId}/codes/{uri}`, the uri (`scheme:code`) encoded as one segment. */
export function conversionCodePath(conversionId: string, uri: string): string {
  return `${conversionPath(conversionId)}/codes/${encodeURIComponent(uri)}`;
}
