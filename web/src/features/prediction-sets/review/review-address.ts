/** Where a review lives: `/review/{slug}` (standalone) or `/datasets/{datasetID}/prediction-sets/{predictionSetID}`. */
export interface ReviewAddress {
  /** What the address names the set by: the slug on /review, the id under /datasets. */
  setRef: string;
  datasetId: string | null;
}

/** The review's address without an entry (the first entry loads). */
export function reviewBasePath(address: ReviewAddress): string {
  return address.datasetId
    ? `/datasets/${encodeURIComponent(address.datasetId)}/prediction-sets/${encodeURIComponent(address.setRef)}`
    : `/review/${encodeURIComponent(address.setRef)}`;
}

/** The address of one entry: its string URL-encoded (SPEC §2), so `/`, `%`, `?`, `#` and emoji survive. */
export function reviewEntryPath(address: ReviewAddress, string: string): string {
  return `${reviewBasePath(address)}/entries/${encodeURIComponent(string)}`;
}

/**
 * The entry string of an address, read from the path as the browser has it (still encoded): the
 * router's own decoding of parameters turns a title's literal `%2F` into `/`. Null when the path
 * names no entry; the router's parameter when the path is not of this review.
 */
export function entryStringOf(address: ReviewAddress, pathname: string, routerParam: string | undefined): string | null {
  const prefix = `${reviewBasePath(address)}/entries/`;
  if (!pathname.startsWith(prefix)) return routerParam ?? null;
  try {
    return decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return routerParam ?? null;
  }
}
