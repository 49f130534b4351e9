import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type CrosswalkRelationMap, type LinkRelation, linkRelations } from '@og/shared/contracts/links';
import { type SchemeId, schemes as appSchemes } from '@og/shared/domain/schemes';
import { jobIdFor } from '@og/shared/jobs/job-kinds';
import type { AppContext } from '../context.js';
import { listJobRunsWithIdPrefix } from '../db/queries/job-runs.js';
import { uploadsDirectory } from '../lib/uploads.js';
import { askSchemeHasCodes } from '../schemes/scheme-queries.js';
import { openCrosswalkFile } from './crosswalk-file/crosswalk-file.js';
import { startCrosswalkImport } from './start-crosswalk-import.js';

/**
 * The crosswalks a first start links: every `SEED_DIR/crosswalks/{a}-{b}.csv` whose `a` and `b`
 * are schemes of the app, read from `a` to `b`, each imported as a crosswalk set whose origin and
 * licence are its row of the crosswalks table in `SEED_DIR/README.md`. What the import reads of a
 * file is what it detects (its weight column, its relation column); the seed adds only what an
 * admin would choose in the import dialog, decided from the file itself:
 *
 * - the relation of rows that name none, from the file's shape: each source code linked to exactly
 *   one target code, some target shared by several sources → broadMatch (ESCO occupations into
 *   ISCO unit groups, NAF sub-classes into NACE classes); the mirror image → narrowMatch;
 *   one-to-one → exactMatch; anything else → closeMatch;
 * - a relation value that is no SKOS relation but names exactly one of the five relations' words
 *   (`exactISCO` in esco-onet.csv: an O*NET occupation matched to a whole ISCO group) is read as
 *   that relation, so that its rows are linked rather than refused;
 * - where the weight detected is a share and the file also has a count column, the counts
 *   (soc2020-isco08.csv: `n_index_entries` over `share_of_soc2020_entries`, rounded to four places):
 *   the import makes counts exact shares of each source code's total.
 *
 * Once per database, once both schemes have codes: each import has a fixed job id, so a later
 * start (or a set removed since) does not bring it back. An import that failed is tried again on the next start, under the next
 * id of its series (`…-retry-1`, `-retry-2`, …); one that cannot even be queued is logged and
 * tried again on the next start. Nothing here stops the app from starting.
 */
export async function seedCrosswalks(app: AppContext): Promise<void> {
  const directory = app.config.seedDir ? path.join(app.config.seedDir, 'crosswalks') : null;
  if (!directory || !fs.existsSync(directory)) return;
  const provenance = await readCrosswalkProvenance(path.join(app.config.seedDir!, 'README.md'));
  for (const { file, source, target } of seedFiles(directory)) {
    try {
      await seedCrosswalk(app, path.join(directory, file), { file, source, target, ...provenance.get(file) });
    } catch (error) {
      app.log.warn(`could not seed the crosswalk ${file}; the next start tries again`, { error: (error as Error).message });
    }
  }
}

/** The files `{a}-{b}.csv` of the directory whose two sides are schemes of the app. */
export function seedFiles(directory: string): { file: string; source: SchemeId; target: SchemeId }[] {
  const found: { file: string; source: SchemeId; target: SchemeId }[] = [];
  for (const source of appSchemes) {
    for (const target of appSchemes) {
      const file = `${source.id}-${target.id}.csv`;
      if (source.id !== target.id && fs.existsSync(path.join(directory, file))) found.push({ file, source: source.id, target: target.id });
    }
  }
  return found.sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** The request key of a seed's first import, and of its `n`th retry. */
const seedRequestKey = (source: SchemeId, target: SchemeId) => `seed-${source}-${target}`;

async function seedCrosswalk(
  app: AppContext,
  file: string,
  seed: { file: string; source: SchemeId; target: SchemeId; origin?: string; license?: string },
): Promise<void> {
  const firstId = jobIdFor('crosswalk.import', seedRequestKey(seed.source, seed.target));
  const runs = await listJobRunsWithIdPrefix(app.db, firstId, `${firstId}-retry-`);
  const latest = runs.at(-1);
  if (latest && latest.state !== 'failed') return;
  for (const scheme of [seed.source, seed.target]) {
    // Its rows would all be refused: seeded once both schemes have codes (seeded first at start-up, or imported).
    if (!(await app.store.ask(askSchemeHasCodes(app.schemes.iris, scheme)))) return;
  }
  if (latest) app.log.warn(`the seeded crosswalk ${seed.file} failed to import; trying again`, { job: latest.id, error: latest.error });
  const reading = await readSeedFile(file, seed.source, seed.target);
  const requestKey = runs.length === 0 ? seedRequestKey(seed.source, seed.target) : `${seedRequestKey(seed.source, seed.target)}-retry-${runs.length}`;
  const upload = path.join(uploadsDirectory(app.config), `${crypto.randomUUID()}.csv`);
  await fs.promises.mkdir(path.dirname(upload), { recursive: true });
  await fs.promises.copyFile(file, upload);
  try {
    await startCrosswalkImport(
      app,
      {
        source: seed.source,
        target: seed.target,
        relation: reading.relation,
        ...(reading.weightColumn ? { weightColumn: reading.weightColumn } : {}),
        ...(Object.keys(reading.relationMap).length ? { relationMap: reading.relationMap } : {}),
        ...(seed.license ? { license: seed.license } : {}),
      },
      { path: upload, originalName: seed.file, ...(seed.origin ? { origin: seed.origin } : {}) },
      { ownerId: null, requestKey },
    );
  } catch (error) {
    await fs.promises.rm(upload, { force: true });
    throw error;
  }
  app.log.info(`queued the seeded crosswalk ${seed.file}`, { relation: reading.relation, weightColumn: reading.weightColumn ?? null, relationMap: reading.relationMap });
}

/** The relation named by a value that is no SKOS relation but names exactly one relation's word (`exactISCO`). */
function relationWordOf(value: string): LinkRelation | null {
  const words = linkRelations.filter((relation) => value.toLowerCase().includes(relation.replace(/Match$/, '').toLowerCase()));
  return words.length === 1 ? words[0]! : null;
}

/** What the seed chooses for a file, as an admin would in the import dialog (see {@link seedCrosswalks}). */
export async function readSeedFile(file: string, source: SchemeId, target: SchemeId): Promise<{ relation: LinkRelation; relationMap: CrosswalkRelationMap; weightColumn?: string }> {
  const read = await openCrosswalkFile(fs.createReadStream(file), { sourceScheme: source, targetScheme: target });
  const targetsOf = new Map<string, Set<string>>();
  const sourcesOf = new Map<string, Set<string>>();
  const relationMap: CrosswalkRelationMap = {};
  for await (const row of read.rows) {
    if (row.badRelation !== undefined) {
      const relation = relationWordOf(row.badRelation);
      if (relation) relationMap[row.badRelation] = relation;
    }
    if (!row.sourceCode || !row.targetCode) continue;
    (targetsOf.get(row.sourceCode) ?? targetsOf.set(row.sourceCode, new Set()).get(row.sourceCode)!).add(row.targetCode);
    (sourcesOf.get(row.targetCode) ?? sourcesOf.set(row.targetCode, new Set()).get(row.targetCode)!).add(row.sourceCode);
  }
  const oneTarget = [...targetsOf.values()].every((targets) => targets.size === 1);
  const oneSource = [...sourcesOf.values()].every((sources) => sources.size === 1);
  const relation: LinkRelation = oneTarget && oneSource ? 'exactMatch' : oneTarget ? 'broadMatch' : oneSource ? 'narrowMatch' : 'closeMatch';
  return { relation, relationMap, ...(await countColumnOver(file, source, target, read.columns)) };
}

/** A count column to read instead of a detected share column, when the file has one (the reader decides what is a count). */
async function countColumnOver(file: string, source: SchemeId, target: SchemeId, columns: { weight?: string; weightAs?: 'share' | 'count'; ignored: string[] }): Promise<{ weightColumn?: string }> {
  if (columns.weightAs !== 'share') return {};
  for (const candidate of columns.ignored) {
    const read = await openCrosswalkFile(fs.createReadStream(file), { sourceScheme: source, targetScheme: target }, { weightColumn: candidate });
    await read.rows.return(undefined);
    if (read.columns.weightAs === 'count') return { weightColumn: candidate };
  }
  return {};
}

/**
 * The source and licence of each crosswalk file, from the crosswalks table of the data's README
 * (`| file | rows | source … | licence | notes |`, a row's first cell naming the file): code marks
 * taken out. A README that is missing or has no such table gives none.
 */
export async function readCrosswalkProvenance(readme: string): Promise<Map<string, { origin?: string; license?: string }>> {
  const found = new Map<string, { origin?: string; license?: string }>();
  let text: string;
  try {
    text = await fs.promises.readFile(readme, 'utf8');
  } catch {
    return found;
  }
  const cellsOf = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
  let columns: { source: number; license: number } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim().startsWith('|')) {
      columns = null;
      continue;
    }
    const cells = cellsOf(line);
    const header = cells.map((cell) => cell.toLowerCase());
    if (header[0] === 'file' && header.some((cell) => cell.startsWith('source')) && header.some((cell) => cell.startsWith('licen'))) {
      columns = { source: header.findIndex((cell) => cell.startsWith('source')), license: header.findIndex((cell) => cell.startsWith('licen')) };
      continue;
    }
    if (!columns) continue;
    const name = /^`?([^`]+\.csv)`?$/.exec(cells[0] ?? '')?.[1];
    if (!name) continue;
    const plain = (cell: string | undefined) => (cell ? cell.replace(/`/g, '').trim() : '') || undefined;
    found.set(name, { origin: plain(cells[columns.source]), license: plain(cells[columns.license]) });
  }
  return found;
}
