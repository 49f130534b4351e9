import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { seededRandom } from '@og/shared/domain/seeded-random';
import { evidenceWeights, maxRowsCounted, readCodedTitles, shippedTraining } from '../builtin-coder/shipped-titles.js';
import { TitleCoder } from '../builtin-coder/title-coder.js';
import type { CodedTitle } from '../builtin-coder/title-index.js';
import { readManifestFile, readTitleManifest, TitleManifestError } from '../builtin-coder/title-manifest.js';
import { readTitleVariants, type TitleVariants, variantTitles } from '../builtin-coder/title-variants.js';

const usage =
  'npm run eval:predictor -- --scheme hisco --file FILE.csv [--title-column title --code-column hisco] [--folds 5 | --unseen 3000 | --held-out] [--language sv] [--errors] [--data-dir ../shared/data] [--seed 1]\n' +
  '  Without --code-column, FILE.csv is read as the data folder\'s titles manifest says (its entry for the scheme, or the one with --title-column).\n' +
  '  --unseen N holds out N distinct titles of the file that no shipped title equals, coded by one coder learning everything else.\n' +
  '  --errors prints each title whose first prediction is wrong, with its code and the first three predicted.\n' +
  '  --held-out codes every title of the file by one coder learning only the shipped sources, as a census never seen; --language gives its titles\' language.';

/** Confidence bands the reliability is printed by. */
const bands = [
  { label: '≥ 0.9', low: 0.9, high: Infinity },
  { label: '0.8–0.9', low: 0.8, high: 0.9 },
  { label: '0.5–0.8', low: 0.5, high: 0.8 },
  { label: '< 0.5', low: -Infinity, high: 0.5 },
];

/**
 * k-fold cross-validation of the built-in coder on a coded CSV: each fold is coded by a
 * coder trained on the other folds plus the shipped sources of the scheme (the file itself left
 * out of them). Prints top-1, top-5, the share of titles coded, and precision by confidence band.
 */
function main(): void {
  const { values } = parseArgs({
    options: {
      scheme: { type: 'string' },
      file: { type: 'string' },
      'title-column': { type: 'string' },
      'code-column': { type: 'string' },
      folds: { type: 'string', default: '5' },
      unseen: { type: 'string' },
      'held-out': { type: 'boolean', default: false },
      language: { type: 'string' },
      errors: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.resolve(import.meta.dirname, '../../../../shared/data') },
      seed: { type: 'string', default: '1' },
    },
  });
  const scheme = values.scheme;
  const unseen = values.unseen === undefined ? undefined : Number(values.unseen);
  const heldOutFile = values['held-out']!;
  const folds = unseen === undefined && !heldOutFile ? Number(values.folds) : 1;
  const badCount = unseen === undefined ? !heldOutFile && folds < 2 : heldOutFile || !Number.isInteger(unseen) || unseen < 1;
  if (!scheme || !isSchemeId(scheme) || !values.file || !Number.isInteger(folds) || badCount) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  const file = path.resolve(values.file);
  const dataDir = values['data-dir']!;
  let rows: CodedTitle[];
  let shipped: ReturnType<typeof shippedTraining>;
  let variants: TitleVariants[];
  try {
    rows = values['code-column'] ? readCodedTitles(file, { title: values['title-column'] ?? 'title', code: values['code-column'] }, evidenceWeights.dataset) : manifestRows(dataDir, scheme, file, values['title-column']);
    // The file itself is left out of what the coder learns from (every manifest entry of it).
    shipped = shippedTraining(dataDir, scheme, { except: file });
    variants = readTitleVariants(dataDir, { except: file });
  } catch (error) {
    if (!(error instanceof TitleManifestError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const learned = shipped.sources.map((source) => `${source.name} (${source.language ?? 'language not known'}, ${source.titles.toLocaleString('en')})`).join(', ');
  if (values.language) rows = rows.map((row) => ({ ...row, lang: values.language }));
  const split = heldOutFile ? 'coded whole, never learned from' : unseen === undefined ? `${folds} folds` : `${unseen.toLocaleString('en')} distinct titles held out that no shipped title equals`;
  console.log(`${path.basename(file)}: ${rows.length.toLocaleString('en')} coded titles; ${split}; also learning from ${learned || 'nothing shipped'} (${shipped.titles.length.toLocaleString('en')} titles)${variants.length ? `, and the spellings of ${variants.map((list) => list.file).join(', ')}` : ''}`);

  const random = seededRandom(Number(values.seed));
  // Held out unseen titles: the file's other entries (the HSN's standard titles) are learned as well, but none of the held-out titles.
  const siblings = unseen === undefined || heldOutFile || values['code-column'] ? [] : siblingRows(dataDir, scheme, file, values['title-column']);
  const foldOf = heldOutFile ? rows.map(() => 0) : unseen === undefined ? rows.map(() => Math.floor(random() * folds)) : unseenFolds(rows, [...shipped.titles, ...siblings], unseen, random);
  const heldOut = new Set(rows.filter((_, index) => foldOf[index] === 0).map((row) => row.norm));
  const learnedSiblings = siblings.filter((title) => !heldOut.has(title.norm));
  let tried = 0;
  let top1 = 0;
  let top5 = 0;
  let coded = 0;
  let buildMs = 0;
  let predictMs = 0;
  const byBand = bands.map(() => ({ right: 0, count: 0 }));
  // Per distinct title, its rows and those coded right at the top (each distinct title counts once).
  const distinct = new Map<string, { right: number; top5: number; count: number }>();
  for (let fold = 0; fold < folds; fold++) {
    const foldTitles: CodedTitle[] = [...shipped.titles, ...learnedSiblings, ...rows.filter((_, index) => foldOf[index] !== fold)];
    // The spellings files add the spellings of the titles this fold learns, as a run adds them to what it gathers.
    const training = [...foldTitles, ...variantTitles(foldTitles, variants).titles];
    const built = performance.now();
    const coder = TitleCoder.build(training, { seed: fold + 1 });
    buildMs += performance.now() - built;
    const started = performance.now();
    rows.forEach((row, index) => {
      if (foldOf[index] !== fold) return;
      tried++;
      const predictions = coder.predict(row.norm, row.lang ? { lang: row.lang } : {});
      let title = distinct.get(row.norm);
      if (!title) distinct.set(row.norm, (title = { right: 0, top5: 0, count: 0 }));
      title.count++;
      if (predictions.length === 0) return;
      if (predictions[0]!.code === row.code) title.right++;
      if (predictions.slice(0, 5).some((prediction) => prediction.code === row.code)) title.top5++;
      coded++;
      const right = predictions[0]!.code === row.code;
      if (!right && values.errors) console.log(`wrong\t${row.norm}\t${row.code}\t${predictions.slice(0, 3).map((prediction) => `${prediction.code} ${prediction.conf.toFixed(2)}`).join('\t')}`);
      if (right) top1++;
      if (predictions.slice(0, 5).some((prediction) => prediction.code === row.code)) top5++;
      const band = bands.findIndex((candidate) => predictions[0]!.conf >= candidate.low && predictions[0]!.conf < candidate.high);
      byBand[band]!.count++;
      if (right) byBand[band]!.right++;
    });
    predictMs += performance.now() - started;
  }
  const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '—');
  console.log('');
  console.log('| measure | value |');
  console.log('| --- | --- |');
  console.log(`| top-1 (of all titles) | ${percent(top1, tried)} |`);
  console.log(`| top-5 (of all titles) | ${percent(top5, tried)} |`);
  let distinctTop1 = 0;
  let distinctTop5 = 0;
  for (const title of distinct.values()) {
    distinctTop1 += title.right / title.count;
    distinctTop5 += title.top5 / title.count;
  }
  console.log(`| top-1 (of distinct titles, ${distinct.size.toLocaleString('en')}) | ${percent(distinctTop1, distinct.size)} |`);
  console.log(`| top-5 (of distinct titles) | ${percent(distinctTop5, distinct.size)} |`);
  console.log(`| titles coded | ${percent(coded, tried)} |`);
  console.log(`| top-1 of the titles coded | ${percent(top1, coded)} |`);
  console.log(`| build (mean of ${folds}) | ${(buildMs / folds / 1000).toFixed(2)} s |`);
  console.log(`| coding speed | ${Math.round(tried / (predictMs / 1000)).toLocaleString('en')} titles/s |`);
  console.log('');
  console.log('| confidence of the first prediction | titles | right |');
  console.log('| --- | --- | --- |');
  bands.forEach((band, index) => console.log(`| ${band.label} | ${byBand[index]!.count.toLocaleString('en')} | ${percent(byBand[index]!.right, byBand[index]!.count)} |`));
}

/**
 * Fold 0 for every row of `count` distinct titles of the file that no shipped title equals (drawn
 * at random), fold 1 (learned from) for the others: how the coder does on spellings it has never seen.
 */
function unseenFolds(rows: readonly CodedTitle[], shipped: readonly CodedTitle[], count: number, random: () => number): number[] {
  const known = new Set(shipped.map((title) => title.norm));
  const candidates = [...new Set(rows.map((row) => row.norm))].filter((norm) => norm && !known.has(norm));
  for (let at = candidates.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [candidates[at], candidates[other]] = [candidates[other]!, candidates[at]!];
  }
  const held = new Set(candidates.slice(0, count));
  return rows.map((row) => (held.has(row.norm) ? 0 : 1));
}

/** The coded titles of the file's other manifest entries for the scheme (another title column of it), as the coder learns them. */
function siblingRows(dataDir: string, scheme: SchemeId, file: string, titleColumn: string | undefined): CodedTitle[] {
  const entries = (readTitleManifest(dataDir) ?? []).filter((entry) => entry.scheme === scheme && path.resolve(dataDir, 'titles', entry.file) === file);
  const evaluated = titleColumn ? entries.find((candidate) => candidate.title === titleColumn) : entries[0];
  const others = entries.filter((entry) => entry !== evaluated);
  if (others.length === 0) return [];
  return readManifestFile(dataDir, others, { evidence: evidenceWeights.shipped, maxRecords: maxRowsCounted }).flatMap((read) => read.titles);
}

/** The coded titles of a file the titles manifest lists for the scheme (its entry with `titleColumn`, or its first), as the coder learns them. */
function manifestRows(dataDir: string, scheme: SchemeId, file: string, titleColumn: string | undefined): CodedTitle[] {
  const entries = (readTitleManifest(dataDir) ?? []).filter((entry) => entry.scheme === scheme && path.resolve(dataDir, 'titles', entry.file) === file);
  const entry = titleColumn ? entries.find((candidate) => candidate.title === titleColumn) : entries[0];
  if (!entry) {
    console.error(`${file} has no entry for ${scheme}${titleColumn ? ` and the title column ${titleColumn}` : ''} in ${path.join(dataDir, 'titles', 'manifest.json')}; give --code-column (and --title-column).`);
    process.exit(2);
  }
  return readManifestFile(dataDir, [entry], { evidence: evidenceWeights.dataset, maxRecords: maxRowsCounted })[0]!.titles;
}

main();
