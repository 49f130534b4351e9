/** The page of a conversion (`/convert/{conversionId}`), where it is followed live and then walked through. */
export function conversionPath(conversionId: string): string {
  return `/convert/${encodeURIComponent(conversionId)}`;
}
