import { z } from 'zod';
import { conversionPaths } from './conversions.js';
import { linkRelation } from './links.js';
import { schemeId } from './schemes.js';

/**
 * What anonymous visitors may call (SPEC §1, §6): the landing's partners, and
 * 'Translate codes' of Explore. Reads of schemes, trees, a code's links and the link counts are
 * open too; these are the calls made only for the public pages.
 */

/** Most codes one `POST /api/translate` may carry. */
export const translateCodeLimit = 5_000;
/** Most targets one answer lists (a group code takes all its descendants' links, so one code may reach many targets). */
export const translateTargetLimit = 100_000;

/** `POST /api/translate`: codes of one scheme, to be read in another. */
export const translateRequest = z
  .object({
    from: schemeId,
    to: schemeId,
    codes: z
      .array(z.string().trim().max(100))
      .min(1, 'Give at least one code')
      .max(translateCodeLimit, `Translate at most ${translateCodeLimit} codes at a time`),
  })
  .refine((request) => request.from !== request.to, { message: 'Choose two different schemes', path: ['to'] });
export type TranslateRequest = z.input<typeof translateRequest>;

/** One target of a translated code: how it was reached (SPEC §7's hops: a link, two links, or the parent's links). */
export const translateTarget = z.object({
  code: z.string(),
  name: z.string(),
  /** The relation of the link that reaches the target (read from the code that has it); null through two links. */
  relation: linkRelation.nullable(),
  path: z.enum(conversionPaths),
  /** The code below the asked-for one whose link this is (a code with no links of its own takes its descendants'); null for its own links and inherited ones. */
  via: z.string().nullable(),
  /** The link's weight (SSSOM's confidence, in (0, 1]) as a share of the code it starts from; absent when it has none. */
  weight: z.number().gt(0).lte(1).optional(),
});
export type TranslateTarget = z.infer<typeof translateTarget>;

/**
 * One asked-for code: `unknown` (not a code of `from`), `unlinkable` (marked as having no
 * counterpart in `to`), `no-link` (no path), or `translated` with its targets.
 */
export const translateStatuses = ['translated', 'no-link', 'unlinkable', 'unknown'] as const;
export type TranslateStatus = (typeof translateStatuses)[number];

export const translatedCode = z.object({
  code: z.string(),
  /** The code's name in `from`; null for an unknown code. */
  name: z.string().nullable(),
  status: z.enum(translateStatuses),
  targets: z.array(translateTarget),
});
export type TranslatedCode = z.infer<typeof translatedCode>;

/** The answer: one entry per asked-for code, in the order asked, duplicates once. */
export const translateResult = z.object({ from: schemeId, to: schemeId, codes: z.array(translatedCode) });
export type TranslateResult = z.infer<typeof translateResult>;

/** A partner shown on the landing (configured, never in the code): its logo, name and site. */
export const sitePartner = z.object({
  name: z.string().min(1).max(200),
  /** The logo's address: served by the app under /site/ or an absolute https address. */
  image: z
    .string()
    .max(2_000)
    .regex(/^(\/site\/[A-Za-z0-9][A-Za-z0-9_.-]*|https:\/\/\S+)$/, 'A logo is a file under /site/ or an https address'),
  link: z
    .string()
    .max(2_000)
    .regex(/^https?:\/\/\S+$/, 'A partner link is an http(s) address'),
});
export type SitePartner = z.infer<typeof sitePartner>;

/** `GET /api/site`: what the landing shows besides its counts. */
export const siteInfo = z.object({ partners: z.array(sitePartner).max(12) });
export type SiteInfo = z.infer<typeof siteInfo>;
