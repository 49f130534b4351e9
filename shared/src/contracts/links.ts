import { z } from 'zod';
import type { SchemeId } from '../domain/schemes.js';
import { codeValue, schemeId } from './schemes.js';

/**
 * Links between codes of two schemes (SPEC §3 "Link", "Link maps", "Mutation payloads"; DESIGN §3):
 * one of the five SKOS mapping relations, read from the source code to the target code.
 */
export const linkRelations = ['exactMatch', 'closeMatch', 'broadMatch', 'narrowMatch', 'relatedMatch'] as const;
export type LinkRelation = (typeof linkRelations)[number];
export const linkRelation = z.enum(linkRelations);
/** What the link button makes (DESIGN §3). */
export const defaultLinkRelation: LinkRelation = 'closeMatch';

/** The same link read the other way round: B is broader than A when A is narrower than B. */
export function inverseRelation(relation: LinkRelation): LinkRelation {
  if (relation === 'broadMatch') return 'narrowMatch';
  if (relation === 'narrowMatch') return 'broadMatch';
  return relation;
}

/** SPEC's pseudo-targets of a code towards a scheme: it cannot be linked there, or it takes its parent's links. Never counted as links. */
export const pseudoTargets = ['unlinkable', 'default-to-parent'] as const;
export type PseudoTarget = (typeof pseudoTargets)[number];
export function isPseudoTarget(value: string): value is PseudoTarget {
  return (pseudoTargets as readonly string[]).includes(value);
}

const differentSchemes = <T extends { sourceScheme: SchemeId; targetScheme: SchemeId }>(link: T) => link.sourceScheme !== link.targetScheme;
const sameSchemeMessage = { message: 'A link joins codes of two different schemes', path: ['targetScheme'] };

/**
 * The kinds of evidence a link suggestion rests on (`suggestionEvidenceKinds` of
 * ./link-suggestions.ts, which imports this module and so cannot be imported here).
 */
const acceptedEvidenceKinds = ['name', 'titles', 'coder', 'chain'] as const;

/**
 * The suggestion a link is accepted from (issue 31): its score in [0, 1] and the kinds of its
 * evidence. The link records `semapv:LexicalMatching` when the evidence is the codes' names alone,
 * `semapv:CompositeMatching` otherwise, with the score (never a weight: conversions do not split by it).
 */
export const acceptedSuggestion = z.object({
  score: z.number().min(0).max(1),
  evidence: z.array(z.enum(acceptedEvidenceKinds)).min(1).max(acceptedEvidenceKinds.length),
});
export type AcceptedSuggestion = z.infer<typeof acceptedSuggestion>;

/** `POST /api/links`, `DELETE /api/links`: one link (SPEC §7), or a pseudo-target marker. */
export const linkRequest = z
  .object({
    sourceNodeID: codeValue,
    sourceScheme: schemeId,
    targetNodeID: z.union([z.enum(pseudoTargets), codeValue]),
    targetScheme: schemeId,
    /** Read from source to target; a new link is a closeMatch, an existing one takes this relation instead of its own. */
    relation: linkRelation.optional(),
    /** `POST` only: the link is a suggestion the admin accepted (its score and evidence become the link's facts). */
    suggestion: acceptedSuggestion.optional(),
  })
  .refine(differentSchemes, sameSchemeMessage);
export type LinkRequest = z.infer<typeof linkRequest>;

/** `POST /api/links/clear`: every link of a code towards a scheme, and its pseudo-targets there (SPEC: clear links, or stop defaulting). */
export const clearLinksRequest = z
  .object({ nodeID: codeValue, scheme: schemeId, targetScheme: schemeId })
  .refine((request) => request.scheme !== request.targetScheme, sameSchemeMessage);
export type ClearLinksRequest = z.infer<typeof clearLinksRequest>;

/** Most codes one `POST /api/links/bulk` links at once (a subtree of the largest scheme fits). */
export const maxBulkLinks = 10_000;

/** `POST /api/links/bulk`: one code linked to many codes of another scheme (SPEC: link to many). */
export const bulkLinkRequest = z
  .object({
    subjectNodeID: codeValue,
    subjectScheme: schemeId,
    objectsNodeIDs: z.array(codeValue).min(1).max(maxBulkLinks),
    objectsScheme: schemeId,
    relation: linkRelation.optional(),
  })
  .refine((request) => request.subjectScheme !== request.objectsScheme, { message: sameSchemeMessage.message, path: ['objectsScheme'] });
export type BulkLinkRequest = z.infer<typeof bulkLinkRequest>;

/** A code's links: other scheme → linked code values (and pseudo-targets). */
const codeLinkMap = z.record(z.string(), z.array(z.string()));

/**
 * `GET /api/links/maps?schemes={a},{b}` (or one scheme): for each scheme asked for, code value →
 * other scheme → linked values, pseudo-targets included (SPEC §3 "Link maps"); and each link's
 * relation, keyed by {@link linkKey}, read in that key's order (first code to second).
 */
export const linkMaps = z.object({
  schemes: z.array(schemeId),
  maps: z.record(z.string(), z.record(z.string(), codeLinkMap)),
  relations: z.record(z.string(), linkRelation),
});
export type LinkMaps = z.infer<typeof linkMaps>;

/** The key of a link in `LinkMaps.relations`: both ends, the scheme first in name order first. */
export function linkKey(a: { scheme: SchemeId; value: string }, b: { scheme: SchemeId; value: string }): string {
  const [first, second] = a.scheme < b.scheme ? [a, b] : [b, a];
  return `${first.scheme}:${first.value} ${second.scheme}:${second.value}`;
}

/** The relation of a link as read from `from` to `to`, or null when they are not linked. */
export function relationBetween(maps: LinkMaps, from: { scheme: SchemeId; value: string }, to: { scheme: SchemeId; value: string }): LinkRelation | null {
  const stored = maps.relations[linkKey(from, to)];
  if (stored === undefined) return null;
  return from.scheme < to.scheme ? stored : inverseRelation(stored);
}

/** `GET /api/links/count`: every mapping relation in the store (the landing's count). */
export const linkCount = z.object({ count: z.number().int().nonnegative() });
export type LinkCount = z.infer<typeof linkCount>;

/** `GET /api/links/pairs`: the scheme pairs that have links, with how many. */
export const linkPairs = z.object({ pairs: z.array(z.object({ schemes: z.tuple([schemeId, schemeId]), count: z.number().int().positive() })) });
export type LinkPairs = z.infer<typeof linkPairs>;

/** A query's comma-separated scheme ids (`a,b`). */
const schemeList = z
  .string()
  .max(100)
  .transform((value) => value.split(','));

/** `?schemes=a,b` (or one scheme) of `GET /api/links/maps`. */
export const linkMapsQuery = z.object({
  schemes: schemeList.pipe(z.array(schemeId).min(1).max(2)).refine((ids) => ids.length === 1 || ids[0] !== ids[1], 'Name two different schemes, or one'),
});

/** A crosswalk's relation values mapped to SKOS relations (`{"exactISCO": "exactMatch"}`). */
export const crosswalkRelationMap = z.record(z.string().trim().min(1).max(200), linkRelation);
export type CrosswalkRelationMap = z.infer<typeof crosswalkRelationMap>;

/** A relation map as a form field sends it: JSON text. */
const relationMapField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, crosswalkRelationMap);

/** The SEMAPV justifications the import dialog offers for a CSV's rows. */
export const crosswalkJustifications = ['semapv:UnspecifiedMatching', 'semapv:ManualMappingCuration', 'semapv:LexicalMatching', 'semapv:LogicalReasoning', 'semapv:MappingChaining', 'semapv:SemanticSimilarityThresholdMatching'] as const;

/** The weight column a crosswalk import reads: a header name, or `none` (no weights); absent: detected from the header. */
export const crosswalkWeightColumn = z.string().trim().min(1).max(200);

/**
 * The form fields of `POST /api/crosswalks` beside its `file`: the schemes of the file's two code
 * columns, the relation of rows that name none, the weight column, and the relation values to read
 * as SKOS relations.
 */
export const crosswalkImportFields = z
  .object({
    source: schemeId,
    target: schemeId,
    relation: linkRelation.default(defaultLinkRelation),
    weightColumn: crosswalkWeightColumn.optional(),
    relationMap: relationMapField.optional(),
    /** The set's name; absent: the file's name. */
    name: z.string().trim().min(1).max(200).optional(),
    /** The set's licence (an SSSOM file's own `license` is read when this is absent). */
    license: z.string().trim().min(1).max(500).optional(),
    /** How the rows were matched, for a CSV (SEMAPV); an SSSOM file's rows carry their own. Absent: `semapv:UnspecifiedMatching`. */
    justification: z.enum(crosswalkJustifications).optional(),
  })
  .refine((fields) => fields.source !== fields.target, { message: 'A crosswalk joins two different schemes', path: ['target'] });
export type CrosswalkImportFields = z.infer<typeof crosswalkImportFields>;

/** The fields of a code whose change makes its links stale. */
export const codeFields = ['name', 'label', 'description', 'parent'] as const;

/**
 * `GET /api/links/stale?schemes={a},{b}`: the pair's links one of whose codes changed after the
 * link was made (or last confirmed): what changed, and when.
 */
export const staleLinks = z.object({
  stale: z.array(
    z.object({
      first: z.object({ scheme: schemeId, value: z.string() }),
      second: z.object({ scheme: schemeId, value: z.string() }),
      madeAt: z.string(),
      changes: z.array(
        z.object({
          code: z.object({ scheme: schemeId, value: z.string() }),
          at: z.string(),
          /** The code's fields that changed ('parent' for a move). */
          fields: z.array(z.enum(codeFields)),
        }),
      ),
    }),
  ),
});
export type StaleLinks = z.infer<typeof staleLinks>;

/** How a crosswalk file's columns are read: code columns, relation, weight (`weightAs`: taken as they are, or counts made shares of the source code's total), and those not read. */
export const crosswalkColumns = z.object({
  source: z.string(),
  target: z.string(),
  relation: z.string().optional(),
  weight: z.string().optional(),
  weightAs: z.enum(['share', 'count']).optional(),
  ignored: z.array(z.string()),
});
export type CrosswalkColumns = z.infer<typeof crosswalkColumns>;

/** A row of a crosswalk file as an import would read it (`POST /api/crosswalks/preview`). */
export const crosswalkPreviewRow = z.object({
  line: z.number().int().positive(),
  sourceCode: z.string(),
  targetCode: z.string(),
  /** The SKOS relation read; null when the row names none (the import's default relation applies) or names one that is not a relation. */
  relation: linkRelation.nullable(),
  /** The relation cell as written, when the row has one. */
  relationText: z.string().nullable(),
  /** The weight cell as read (a count or a share, as `weightAs` says); null when the row has none or it is not a number. */
  weight: z.number().nullable(),
  /** The weight cell as written, when it is not a number. */
  badWeight: z.string().nullable(),
});
export type CrosswalkPreviewRow = z.infer<typeof crosswalkPreviewRow>;

/**
 * `POST /api/crosswalks/preview` (multipart: `file`, and the import's `source`, `target`,
 * `weightColumn`, `relationMap`): what an import of the file would read, from the start of the file
 * only. `relations` counts each relation value over the rows read (`rowsRead`; `complete` when that
 * is the whole file); `unknownRelations` lists the values that read as no SKOS relation (an import
 * refuses their rows unless `relationMap` names them).
 */
export const crosswalkPreview = z.object({
  format: z.enum(['csv', 'sssom']),
  /** Every column of the header, in file order. */
  columns: z.array(z.string()),
  read: crosswalkColumns,
  weightColumn: z.string().nullable(),
  weightAs: z.enum(['share', 'count']).nullable(),
  /** The header's columns a weight may be read from (numbers in the rows read), for the dialog's choice. */
  weightCandidates: z.array(z.string()),
  relationColumn: z.string().nullable(),
  relations: z.record(z.string(), z.number().int().nonnegative()),
  unknownRelations: z.array(z.string()),
  rowsRead: z.number().int().nonnegative(),
  complete: z.boolean(),
  /** The first 20 rows as read. */
  rows: z.array(crosswalkPreviewRow),
  /** An SSSOM file's set-level metadata. */
  mappingSetId: z.string().nullable(),
  license: z.string().nullable(),
});
export type CrosswalkPreview = z.infer<typeof crosswalkPreview>;

/**
 * An imported crosswalk file as a set of links (`GET /api/crosswalks/sets?schemes={a},{b}`): its
 * name, file, `mapping_set_id`, licence, provenance (`origin`: where the file came from, for a
 * seeded one), who imported it and when, what the import counted, and `links`: how many links are
 * still the set's (made by it, not removed since).
 */
export const crosswalkSet = z.object({
  id: z.string().uuid(),
  name: z.string(),
  fileName: z.string(),
  source: schemeId,
  target: schemeId,
  mappingSetId: z.string(),
  license: z.string().nullable(),
  origin: z.string().nullable(),
  jobId: z.string(),
  /** The admin who imported it; null for a crosswalk seeded at first start. */
  createdBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  imported: z.number().int().nonnegative(),
  alreadyPresent: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  links: z.number().int().nonnegative(),
});
export type CrosswalkSet = z.infer<typeof crosswalkSet>;

export const crosswalkSets = z.object({ sets: z.array(crosswalkSet) });
export type CrosswalkSets = z.infer<typeof crosswalkSets>;

/** `?schemes=a,b` of `GET /api/crosswalks/sets`. */
export const crosswalkSetsQuery = z.object({
  schemes: schemeList.pipe(z.tuple([schemeId, schemeId])).refine((ids) => ids[0] !== ids[1], 'Name two different schemes'),
});

/** A link a set's removal keeps, and why: an admin made it again (another relation, weight or comment) or confirmed it since. */
export const keptSetLink = z.object({
  first: z.object({ scheme: schemeId, value: z.string() }),
  second: z.object({ scheme: schemeId, value: z.string() }),
  why: z.enum(['edited', 'confirmed']),
});
export type KeptSetLink = z.infer<typeof keptSetLink>;
