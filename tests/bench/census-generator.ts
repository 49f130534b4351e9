import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Papa from 'papaparse';
import { seededRandom } from '../../shared/src/domain/seeded-random.js';

/**
 * A census-like CSV for the ingest bench, built from the real titles in ../shared/data/titles
 * (read at run time, never copied into the repo): `occupation,hisco,men,women,total`.
 *
 * - Titles are drawn with a Zipf-like skew (s = 1.05 over the shuffled pool): the first few
 *   ranks cover a large share of the rows, most titles turn up rarely.
 * - Each title has one HISCO-like 5-digit code (the source file's `hisco` column when it has
 *   one, else derived from the title); 3 % of the rows carry one of three neighbouring codes and
 *   0.2 % an empty code — noise a real transcription has.
 * - Some titles need quoting (commas and quotes, real and derived ones); 2 % of the rows have
 *   surrounding spaces (which the ingest trims, so they do not add distinct rows).
 * - Totals: men and women (skewed counts, 1 % large, 0.1 % of women empty) and their sum.
 *
 * That is the `repetitive` regime (a census table, or a sample of records). In the `individual`
 * regime, as in a full-count census transcribed record by record, most rows ({@link
 * recordVariantShare}) carry their own variant of the title: a spelling of the transcriber's
 * (a letter doubled, dropped or swapped, the case changed), now and then a trailing word, and the
 * record's number. The number is the row's own, so each such row is a distinct (title, code)
 * pair: about 80 % of the pairs are distinct (3.9 M of 4.9 M rows at 200 MB).
 *
 * Deterministic for a seed; written as a stream in 1 MiB chunks, memory flat whatever the size.
 * The distinct (trimmed title, code) count is tracked in a bitmap over the pool (plus one for each
 * row with its own variant), so the bench can check the ingest's figures against it.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const titlesDir = path.resolve(repoRoot, '../shared/data/titles');

/** Bump when the output for a given size and seed changes, so cached files are rebuilt. */
const formatVersion = 2;

export const censusColumns = { title: 'occupation', code: 'hisco', totals: ['men', 'women', 'total'] } as const;

/** How often titles repeat: `repetitive` (a few hundred thousand distinct pairs), `individual` (most rows their own). */
export const censusRegimes = ['repetitive', 'individual'] as const;
export type CensusRegime = (typeof censusRegimes)[number];

/** In the `individual` regime, the share of rows with a title variant of their own. */
const recordVariantShare = 0.78;

export interface CensusFile {
  path: string;
  bytes: number;
  rows: number;
  /** Distinct (trimmed title, code) pairs: what the ingest should store. */
  distinct: number;
  /** Sums of the three totals columns over all rows (an empty cell counts 0). */
  totals: [number, number, number];
  /** Titles in the pool the rows were drawn from. */
  poolTitles: number;
  seed: number;
  regime: CensusRegime;
  /** Whether an existing file with the same size and seed was reused. */
  reused: boolean;
  seconds: number;
}

/** Parses 1GB, 200MB, 512kb, 1.5g or a plain byte count (binary units, like the app's config). */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?$/i.exec(text.trim());
  if (!match) throw new Error(`Not a size: "${text}" (use e.g. 50MB, 200MB, 1GB)`);
  const unit = (match[2] ?? 'b').toLowerCase()[0] as 'b' | 'k' | 'm' | 'g';
  const factor = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit];
  const bytes = Math.round(Number(match[1]) * factor);
  if (bytes < 1024) throw new Error(`Size too small: "${text}" (at least 1KB)`);
  return bytes;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(2)}GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)}MB`;
  return `${+(bytes / 1024).toFixed(1)}KB`;
}

/** Where generated files go: DATA_DIR/bench when DATA_DIR is set and outside the repo, else the OS temp dir. */
function defaultBenchDir(): string {
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : null;
  if (dataDir && !isInside(dataDir, repoRoot)) return path.join(dataDir, 'bench');
  return path.join(os.tmpdir(), 'og-bench');
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The generator's random numbers: the same on every machine for a seed. */
export const random = seededRandom;

/** FNV-1a of a title's UTF-16 code units: a fixed number per title, for the codes it derives. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

interface PoolTitle {
  title: string;
  code: string;
}

/** A plausible HISCO-like code: major group 0–9, minor/unit groups, often a trailing 0. */
function derivedCode(title: string): string {
  const h = hash(title);
  const digits = [h % 10, (h >>> 4) % 10, (h >>> 8) % 10, (h >>> 12) % 10, (h >>> 16) % 3 === 0 ? (h >>> 20) % 10 : 0];
  return digits.join('');
}

function normaliseCode(raw: unknown): string | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (/^\d{5}$/.test(text)) return text;
  if (/^\d{4}$/.test(text)) return `0${text}`;
  return null;
}

/** Every distinct title of every CSV in the titles directory, with a code, in a fixed order. */
function loadTitlePool(regime: CensusRegime, directory = titlesDir): PoolTitle[] {
  if (!fs.existsSync(directory)) throw new Error(`The titles directory ${directory} is missing (it holds the real title files the generator draws from).`);
  const files = fs.readdirSync(directory).filter((file) => file.toLowerCase().endsWith('.csv')).sort();
  if (!files.length) throw new Error(`No CSV files in ${directory}.`);
  const byTitle = new Map<string, string>();
  for (const file of files) {
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(directory, file), 'utf8').replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    const fields = parsed.meta.fields ?? [];
    const titleField = fields.find((field) => field.toLowerCase() === 'title') ?? fields.find((field) => /title|occupation/i.test(field)) ?? fields[0];
    if (!titleField) continue;
    const codeField = fields.find((field) => field.toLowerCase() === 'hisco');
    for (const row of parsed.data) {
      const title = (row[titleField] ?? '').replace(/\s+/g, ' ').trim();
      if (!title || title.length > 200 || byTitle.has(title)) continue;
      byTitle.set(title, (codeField && normaliseCode(row[codeField])) || derivedCode(title));
    }
  }
  // Derived variants that need quoting in CSV: commas and double quotes.
  const suffixes = ['retired', 'journeyman', 'deceased', 'assistant', 'widow of', 'unemployed'];
  const nicknames = ['the elder', 'the younger', 'master', 'at home'];
  const base = [...byTitle];
  base.forEach(([title, code], index) => {
    if (index % 40 === 0) byTitle.set(`${title}, ${suffixes[index % suffixes.length]}`, code);
    if (index % 150 === 7) byTitle.set(`${title} "${nicknames[index % nicknames.length]}"`, code);
  });
  const pool = [...byTitle].map(([title, code]) => ({ title, code }));
  // A record's variant ends in its number: no title of the pool may look like one.
  return regime === 'individual' ? pool.filter(({ title }) => !endsInNumber.test(title)) : pool;
}

const endsInNumber = /\s\d+$/;
const trailingWords = ['jun.', 'sen.', 'retired', 'out of work', 'at home', 'deceased', 'and farmer', 'lodger'];

/**
 * A record's own variant of `title`: a transcriber's spelling, sometimes a trailing word, and the
 * record's `number` last. Two rows with different numbers never have the same variant, and no
 * title of the pool ends in a number: each variant is a distinct title.
 */
function recordVariant(title: string, next: () => number, number: number): string {
  let variant = title;
  const letters = [...title.matchAll(/[a-z]/g)].map((match) => match.index);
  const spelling = next();
  if (letters.length > 1 && spelling < 0.6) {
    const at = letters[1 + Math.floor(next() * (letters.length - 1))]!;
    if (spelling < 0.2) variant = `${title.slice(0, at)}${title[at]}${title.slice(at)}`;
    else if (spelling < 0.35) variant = `${title.slice(0, at)}${title.slice(at + 1)}`;
    else if (spelling < 0.5 && /[a-z]/.test(title[at - 1] ?? '')) variant = `${title.slice(0, at - 1)}${title[at]}${title[at - 1]}${title.slice(at + 1)}`;
    else variant = spelling < 0.55 ? title.toLowerCase() : title.toUpperCase();
  }
  if (next() < 0.3) variant += ` ${trailingWords[Math.floor(next() * trailingWords.length)]}`;
  return `${variant} ${number}`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A count with a long tail: mostly small, 1 % a hundred times larger. */
function count(next: () => number, mean: number): number {
  const value = Math.floor(-Math.log(1 - next()) * mean);
  return next() < 0.01 ? value * 100 + Math.floor(next() * 100) : value;
}

/**
 * Writes a census-like CSV of about `bytes` bytes (whole rows, stopping at the first row that
 * reaches the size) to `outPath`. Reuses an existing file made with the same size, seed and
 * format (its figures are kept beside it in `<file>.json`) unless `force`.
 */
export async function generateCensus(options: {
  bytes: number;
  outPath: string;
  seed?: number;
  regime?: CensusRegime;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<CensusFile> {
  const seed = options.seed ?? 42;
  const regime = options.regime ?? 'repetitive';
  const outPath = path.resolve(options.outPath);
  if (isInside(outPath, repoRoot)) throw new Error(`Refusing to write ${outPath}: generated data never goes into the repo (choose a path outside ${repoRoot}).`);
  const sidecar = `${outPath}.json`;
  const started = performance.now();
  if (!options.force && fs.existsSync(outPath) && fs.existsSync(sidecar)) {
    try {
      const saved = JSON.parse(fs.readFileSync(sidecar, 'utf8')) as CensusFile & { target: number; formatVersion: number };
      const same = saved.target === options.bytes && saved.seed === seed && saved.regime === regime && saved.formatVersion === formatVersion;
      if (same && fs.statSync(outPath).size === saved.bytes) {
        return { path: outPath, bytes: saved.bytes, rows: saved.rows, distinct: saved.distinct, totals: saved.totals, poolTitles: saved.poolTitles, seed, regime, reused: true, seconds: 0 };
      }
    } catch {
      // unreadable sidecar: generate again
    }
  }

  const pool = loadTitlePool(regime);
  const next = random(seed);
  // Seeded shuffle: the rank (and so the frequency) of a title does not depend on its source file.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const cumulative = new Float64Array(pool.length);
  let sum = 0;
  for (let rank = 0; rank < pool.length; rank++) cumulative[rank] = sum += 1 / Math.pow(rank + 1, 1.05);
  const pick = (): number => {
    const target = next() * sum;
    let low = 0;
    let high = pool.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // Code variants per title: 0 = its code, 1–3 = neighbouring codes (last digit shifted), 4 = empty.
  const variants = 5;
  const seen = new Uint8Array(pool.length * variants);
  let distinct = 0;
  let recordVariants = 0;
  const totals: [number, number, number] = [0, 0, 0];

  await fs.promises.mkdir(path.dirname(outPath), { recursive: true });
  const partial = `${outPath}.partial`;
  const out = fs.createWriteStream(partial);
  const header = `${censusColumns.title},${censusColumns.code},${censusColumns.totals.join(',')}\n`;
  let written = Buffer.byteLength(header);
  let rows = 0;
  let chunk = header;
  let nextReport = 0;
  const flush = async () => {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    chunk = '';
  };
  while (written < options.bytes) {
    const index = pick();
    const entry = pool[index]!;
    const noise = next();
    let variant = 0;
    let code = entry.code;
    if (noise < 0.002) {
      variant = 4;
      code = '';
    } else if (noise < 0.032) {
      variant = 1 + Math.floor(next() * 3);
      code = entry.code.slice(0, 4) + ((Number(entry.code[4]) + variant) % 10);
    }
    let title = entry.title;
    if (regime === 'individual' && next() < recordVariantShare) {
      title = recordVariant(title, next, ++recordVariants);
      distinct++;
    } else {
      const slot = index * variants + variant;
      if (!seen[slot]) {
        seen[slot] = 1;
        distinct++;
      }
    }
    const spacing = next();
    if (spacing < 0.02) {
      title = spacing < 0.007 ? ` ${title}` : spacing < 0.014 ? `${title}  ` : `  ${title} `;
    }
    const men = count(next, 9);
    const women = count(next, 4);
    const womenField = next() < 0.001 ? '' : String(women);
    totals[0] += men;
    totals[1] += womenField ? women : 0;
    totals[2] += men + women;
    const row = `${spacing < 0.01 ? `"${title.replace(/"/g, '""')}"` : csvField(title)},${code},${men},${womenField},${men + women}\n`;
    written += Buffer.byteLength(row);
    rows++;
    chunk += row;
    if (chunk.length >= 1 << 20) {
      await flush();
      if (options.log && written >= nextReport) {
        options.log(`  generated ${formatSize(written)} of ${formatSize(options.bytes)} (${rows.toLocaleString('en')} rows)`);
        nextReport += Math.max(options.bytes / 10, 1);
      }
    }
  }
  await flush();
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  await fs.promises.rename(partial, outPath);
  const result: CensusFile = { path: outPath, bytes: written, rows, distinct, totals, poolTitles: pool.length, seed, regime, reused: false, seconds: (performance.now() - started) / 1000 };
  await fs.promises.writeFile(sidecar, JSON.stringify({ ...result, target: options.bytes, formatVersion }, null, 2));
  return result;
}

export function defaultCensusPath(bytes: number, seed: number, regime: CensusRegime = 'repetitive'): string {
  return path.join(defaultBenchDir(), `census-${regime === 'repetitive' ? '' : `${regime}-`}${formatSize(bytes)}-seed${seed}.csv`);
}

/** `npm run bench:generate -- [--size 1GB] [--out PATH] [--seed 42] [--regime repetitive|individual] [--force]` */
async function cli(argv: string[]): Promise<void> {
  const args = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force' || arg === '--help' || arg === '-h') flags.add(arg);
    else if (arg.startsWith('--') && arg.includes('=')) args.set(arg.slice(2, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1));
    else if (arg.startsWith('--') && argv[i + 1] !== undefined) args.set(arg.slice(2), argv[++i]!);
    else throw new Error(`Unknown argument: ${arg} (see --help)`);
  }
  if (flags.has('--help') || flags.has('-h')) {
    console.log('Usage: npm run bench:generate -- [--size 1GB] [--out PATH] [--seed 42] [--regime repetitive|individual] [--force]');
    console.log(`Writes a census-like CSV (${censusColumns.title},${censusColumns.code},${censusColumns.totals.join(',')}) from the titles in ${titlesDir}.`);
    console.log('--regime individual: most rows carry a variant of their title of their own (about 80 % of the (title, code) pairs distinct).');
    console.log(`Default output: ${defaultBenchDir()}/census-[individual-]<size>-seed<seed>.csv`);
    return;
  }
  for (const key of args.keys()) if (!['size', 'out', 'seed', 'regime'].includes(key)) throw new Error(`Unknown option --${key} (see --help)`);
  const regime = (args.get('regime') ?? 'repetitive') as CensusRegime;
  if (!censusRegimes.includes(regime)) throw new Error(`--regime takes ${censusRegimes.join(' or ')} (got ${regime})`);
  const bytes = parseSize(args.get('size') ?? '1GB');
  const seed = Number(args.get('seed') ?? 42);
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  // npm runs scripts from the repo root; a relative --out means relative to where npm was started.
  const out = args.get('out');
  const outPath = out ? path.resolve(process.env.INIT_CWD ?? process.cwd(), out) : defaultCensusPath(bytes, seed, regime);
  const file = await generateCensus({ bytes, outPath, seed, regime, force: flags.has('--force'), log: (line) => console.log(line) });
  console.log(
    `${file.reused ? 'reused' : 'wrote'} ${file.path}: ${formatSize(file.bytes)}, ${file.rows.toLocaleString('en')} rows, ` +
      `${file.distinct.toLocaleString('en')} distinct (title, code) rows from ${file.poolTitles.toLocaleString('en')} titles` +
      (file.reused ? '' : ` in ${file.seconds.toFixed(1)} s`),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
