export interface SchemeDefinition {
  id: string;
  label: string;
  /** A line for people choosing a scheme. */
  description: string;
}

/**
 * The classification schemes the product knows, defined once (SPEC §3 lists thirteen; NACE
 * Rev. 2 is added because real data for it ships with the product and crosswalks use it).
 * A scheme's IRI prefix is `{BASE_IRI}{id}/` (DESIGN.md §3).
 */
export const schemes = [
  { id: 'hisco', label: 'HISCO', description: 'Historical International Standard Classification of Occupations' },
  { id: 'pst2', label: 'PST-2', description: 'Primary-Secondary-Tertiary occupational scheme, second version (Cambridge Group)' },
  { id: 'pst', label: 'PST', description: 'Primary-Secondary-Tertiary occupational scheme (Cambridge Group)' },
  { id: 'psti', label: 'PSTI', description: 'Primary-Secondary-Tertiary scheme, international version' },
  { id: 'soc2020', label: 'SOC-2020', description: 'UK Standard Occupational Classification 2020' },
  { id: 'isco08', label: 'ISCO-08', description: 'International Standard Classification of Occupations 2008 (ILO)' },
  { id: 'onet', label: 'O*NET', description: 'O*NET-SOC occupational taxonomy' },
  { id: 'esco', label: 'ESCO', description: 'European Skills, Competences, Qualifications and Occupations' },
  { id: 'occ1950', label: 'OCC1950', description: 'IPUMS 1950 Census occupation codes' },
  { id: 'pcs2020', label: 'PCS-2020', description: 'French professions et catégories socioprofessionnelles 2020 (INSEE)' },
  { id: 'naf2', label: 'NAF-2', description: 'French nomenclature d’activités française, rév. 2 (INSEE)' },
  { id: 'nace2.1', label: 'NACE 2.1', description: 'Statistical classification of economic activities, Rev. 2.1 (Eurostat)' },
  { id: 'nace2', label: 'NACE 2', description: 'Statistical classification of economic activities, Rev. 2 (Eurostat)' },
  { id: 'bls1918', label: 'BLS 1918', description: 'US Bureau of Labor Statistics occupational classification, 1918' },
] as const satisfies readonly SchemeDefinition[];

export type SchemeId = (typeof schemes)[number]['id'];

export const schemeIds = schemes.map((scheme) => scheme.id) as [SchemeId, ...SchemeId[]];

export function isSchemeId(value: string): value is SchemeId {
  return (schemeIds as string[]).includes(value);
}

export function schemeById(id: SchemeId): SchemeDefinition {
  return schemes.find((scheme) => scheme.id === id)!;
}

/** The IRI prefix of a scheme's codes. */
export function schemePrefix(baseIri: string, id: SchemeId): string {
  return `${baseIri}${id}/`;
}

/** Default scheme of the scheme browser (SPEC §9). */
export const defaultSchemeId: SchemeId = 'pst2';
