/** Query keys of the schemes resource. */
export const schemeKeys = {
  all: ['schemes'] as const,
  list: () => ['schemes', 'list'] as const,
  tree: (scheme: string) => ['schemes', 'tree', scheme] as const,
  linksOfScheme: (scheme: string) => ['schemes', 'links', scheme] as const,
  links: (scheme: string, value: string) => ['schemes', 'links', scheme, value] as const,
};

/** Scheme data stays fresh for 24 hours (SPEC §9); every edit refetches it anyway (SPEC §4). */
export const schemeDataStaleTime = 86_400_000;

/** `/api/schemes/{scheme}` with the id encoded. */
export function schemeApiPath(scheme: string): string {
  return `/api/schemes/${encodeURIComponent(scheme)}`;
}

/** `/api/schemes/{scheme}/codes/{value}` with both encoded. */
export function codeApiPath(scheme: string, value: string): string {
  return `${schemeApiPath(scheme)}/codes/${encodeURIComponent(value)}`;
}
