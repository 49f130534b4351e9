import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { z } from 'zod';
import { nameHeaderColumns } from '@og/shared/domain/csv-header';
import { isSchemeId, type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import { schemeCode } from '@og/api/predictions/prediction-file/prediction-codes';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';

/**
 * `{SEED_DIR}/titles/manifest.json`: which files of the titles folder code titles, in which
 * scheme, columns and language. A file added there is learned from without a code change.
 */
export const titleManifestPath = (seedDir: string): string => path.join(seedDir, 'titles', 'manifest.json');

const column = z.string().trim().min(1);

const manifestEntry = z.strictObject({
  /** A CSV in the titles folder (a plain name, not a path out of it). */
  file: z
    .string()
    .trim()
    .min(1)
    .refine((name) => !name.includes('/') && !name.includes('\\') && name !== '.' && name !== '..', 'is a plain file name in the titles folder'),
  scheme: z.string().refine(isSchemeId, { error: (issue) => `is ${JSON.stringify(issue.input)}, not one of our schemes (${schemeIds.join(', ')})` }),
  title: column,
  /** A column holding the scheme's code, or a column whose listed values alone code a title (the rest are not evidence). */
  code: z.union([column, z.strictObject({ column, map: z.record(z.string(), z.string().trim().min(1)).refine((map) => Object.keys(map).length > 0, 'lists at least one value') })]),
  /** A column counting the records that carry the title. */
  weight: column.optional(),
  /** The titles' language: an ISO 639 code (two or three letters). */
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}$/, 'is an ISO 639 code of two or three lower-case letters'),
});

const manifest = z.object({ about: z.string().optional(), files: z.array(manifestEntry) });

/** One entry of the manifest: a file's title column coded in one scheme. */
export interface TitleManifestEntry {
  file: string;
  scheme: SchemeId;
  title: string;
  code: string | { column: string; map: Record<string, string> };
  weight?: string;
  language: string;
}

/** The manifest is not one the coder can learn from: the message names the manifest, the entry and what is wrong. */
export class TitleManifestError extends Error {
  override readonly name = 'TitleManifestError';
}

/** The columns an entry reads from its file. */
function entryColumns(entry: TitleManifestEntry): string[] {
  return [entry.title, typeof entry.code === 'string' ? entry.code : entry.code.column, ...(entry.weight ? [entry.weight] : [])];
}

/** How an entry is named in messages and in a run's sources: its file, and its title column when that is not `title`. */
export function entryName(entry: TitleManifestEntry): string {
  return entry.title === 'title' ? entry.file : `${entry.file} (${entry.title})`;
}

/**
 * The manifest's entries, checked: valid JSON of the expected shape, each scheme one of ours, each
 * file in the titles folder with every column the entry names in its header. Null when the folder
 * has no manifest (nothing shipped to learn from). Anything else wrong throws a
 * {@link TitleManifestError} saying where.
 */
export function readTitleManifest(seedDir: string): TitleManifestEntry[] | null {
  const file = titleManifestPath(seedDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new TitleManifestError(`The titles manifest ${file} could not be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TitleManifestError(`The titles manifest ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = manifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [, index] = issue.path;
    const entry = typeof index === 'number' ? (json as { files: { file?: unknown }[] }).files[index] : undefined;
    const where = typeof index === 'number' ? `entry ${index + 1}${typeof entry?.file === 'string' ? ` (${entry.file})` : ''}` : 'the manifest';
    const field = (typeof index === 'number' ? issue.path.slice(2) : issue.path).join('.');
    throw new TitleManifestError(`The titles manifest ${file} is malformed: ${where}${field ? `, ${field}` : ''}: ${issue.message}`);
  }
  const entries = parsed.data.files as TitleManifestEntry[];
  const headers = new Map<string, string[]>();
  for (const [index, entry] of entries.entries()) {
    const where = `entry ${index + 1} (${entry.file}, scheme ${entry.scheme})`;
    const csv = path.join(seedDir, 'titles', entry.file);
    let header = headers.get(entry.file);
    if (!header) {
      try {
        header = readHeader(csv);
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        throw new TitleManifestError(`The titles manifest ${file}: ${where} names ${csv}, which ${missing ? 'is not there' : `could not be read (${(error as Error).message})`}.`);
      }
      headers.set(entry.file, header);
    }
    const missing = entryColumns(entry).filter((name) => !header.includes(name));
    if (missing.length) {
      throw new TitleManifestError(
        `The titles manifest ${file}: ${where} names the column${missing.length > 1 ? 's' : ''} ${missing.map((name) => JSON.stringify(name)).join(', ')}, which ${entry.file} does not have (its header: ${header.join(', ')}).`,
      );
    }
  }
  return entries;
}

/** The column names of a CSV's first line (as papaparse's header names them), reading no further than it. */
export function readHeader(file: string): string[] {
  const handle = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    let text = '';
    for (let read = 0; ; ) {
      const bytes = fs.readSync(handle, buffer, 0, buffer.length, read);
      if (bytes === 0) break;
      read += bytes;
      text += buffer.toString('utf8', 0, bytes);
      // The header ends at its first line end outside quotes; a megabyte is far more than any header.
      if (/\r|\n/.test(text.replace(/"[^"]*"/g, '')) || read >= 1024 * 1024) break;
    }
    const first = Papa.parse<string[]>(text, { preview: 1 }).data[0] ?? [];
    return nameHeaderColumns(first.map((cell) => cell.trim()));
  } finally {
    fs.closeSync(handle);
  }
}

/** A CSV of the titles folder, each row by its header's names (trimmed, without a byte order mark). */
export function readTitlesCsv(file: string): Record<string, string | undefined>[] {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string | undefined>>(text, { header: true, skipEmptyLines: true, transformHeader: (name) => name.trim() }).data;
}

/**
 * The coded titles of one file's manifest entries (read once for all of them), each `evidence`
 * heavy per record it stands for: a row counts once, or, with a weight column, as many records
 * as it counts up to `maxRecords` (a title on 3,000 records is not 3,000 times the evidence). A
 * row whose code cell is empty, or not one of the entry's mapped values, is no evidence. Codes
 * are the scheme's code strings (HISCO's padded to 5 digits; its negative codes kept).
 */
export function readManifestFile(seedDir: string, entries: readonly TitleManifestEntry[], options: { evidence: number; maxRecords: number }): { entry: TitleManifestEntry; titles: CodedTitle[] }[] {
  const file = entries[0]?.file;
  if (!file) return [];
  const rows = readTitlesCsv(path.join(seedDir, 'titles', file));
  return entries.map((entry) => {
    const titles: CodedTitle[] = [];
    const codeColumn = typeof entry.code === 'string' ? entry.code : entry.code.column;
    const map = typeof entry.code === 'string' ? null : new Map(Object.entries(entry.code.map).map(([value, code]) => [value.trim(), code]));
    for (const row of rows) {
      const title = row[entry.title]?.trim();
      const cell = row[codeColumn]?.trim();
      if (!title || !cell) continue;
      const written = map ? map.get(cell) : cell;
      if (!written) continue;
      const norm = coderNorm(title);
      if (!norm) continue;
      titles.push({ norm, code: schemeCode(entry.scheme, written), weight: options.evidence * records(entry.weight ? row[entry.weight] : undefined, options.maxRecords), lang: entry.language });
    }
    return { entry, titles };
  });
}

/** Records a row stands for: its count when it is a positive number (at most `max`), else one (the row is still a coded title). */
function records(cell: string | undefined, max: number): number {
  const count = Number(cell?.trim() || NaN);
  return Number.isFinite(count) && count >= 1 ? Math.min(max, Math.floor(count)) : 1;
}
