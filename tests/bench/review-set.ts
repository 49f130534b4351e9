import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { random } from './census-generator.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

/** How the scripted reviewer codes an entry (issue 29): the flow its predictions make happen. */
export type ReviewFlow = 'accept' | 'tree' | 'none' | 'similar';
export const reviewFlows: readonly ReviewFlow[] = ['accept', 'tree', 'none', 'similar'];

/** One entry of an OCCPAST JSON prediction set, as the review's import takes it. */
export interface PredictionSetEntry {
  string: string;
  predictions: { uris: string[]; conf: number }[];
}

/** An entry of the bench's set with what the reviewer knows of it: its right HISCO code, and the words of that code's label to type. */
export interface PlannedEntry {
  entry: PredictionSetEntry;
  flow: ReviewFlow;
  language: string;
  code: string;
  /** A few words of the right code's HISCO label, as a reviewer types them into the tree search. */
  words: string;
}

interface ManifestFile {
  file: string;
  scheme: string;
  title: string;
  code: string | { column: string; map: Record<string, string> };
  weight?: string;
  language: string;
}

interface TitleSource {
  name: string;
  language: string;
  titles: { title: string; code: string; weight: number }[];
}

/** HISCO's codes by value, with their labels (../shared/data/schemes/hisco.csv). */
export function hiscoLabels(): Map<string, string> {
  const rows = Papa.parse<{ code: string; label: string }>(fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
  return new Map(rows.map((row) => [row.code, row.label]));
}

/**
 * The HISCO-coded titles of ../shared/data/titles as its manifest describes them: per file and
 * title column, the titles coded with an occupation of HISCO (`occupations`), and the titles the
 * manifest codes through a map of verified values ('no occupation' lists: household relations and
 * the like, coded -1), heaviest first (`noOccupation`).
 */
function hiscoSources(labels: Map<string, string>): { occupations: TitleSource[]; noOccupation: TitleSource[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(data, 'titles/manifest.json'), 'utf8')) as { files: ManifestFile[] };
  const occupations: TitleSource[] = [];
  const noOccupation: TitleSource[] = [];
  const parsed = new Map<string, Record<string, string>[]>();
  for (const file of manifest.files.filter((entry) => entry.scheme === 'hisco')) {
    if (!parsed.has(file.file)) parsed.set(file.file, Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, 'titles', file.file), 'utf8'), { header: true, skipEmptyLines: true }).data);
    const titles: TitleSource['titles'] = [];
    for (const row of parsed.get(file.file)!) {
      const title = row[file.title]?.trim();
      if (!title) continue;
      const raw = typeof file.code === 'string' ? row[file.code]?.trim() : file.code.map[row[file.code.column]?.trim() ?? ''];
      if (raw === undefined || raw === '') continue;
      // Codes written as numbers lose their leading zero.
      const code = /^\d{1,5}$/.test(raw) ? raw.padStart(5, '0') : raw;
      if (!labels.has(code)) continue;
      titles.push({ title, code, weight: file.weight ? Number(row[file.weight]) || 1 : 1 });
    }
    const source = { name: `${file.file} (${file.title})`, language: file.language, titles };
    if (typeof file.code === 'string') occupations.push({ ...source, titles: titles.filter((title) => /^\d{5}$/.test(title.code)) });
    else noOccupation.push({ ...source, titles: titles.sort((a, b) => b.weight - a.weight) });
  }
  return { occupations: occupations.filter((source) => source.titles.length > 0), noOccupation: noOccupation.filter((source) => source.titles.length > 0) };
}

/** The first words of a label, lower case, as a reviewer types them (at most three words and 24 characters). */
export function wordsOf(label: string): string {
  const words = label.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let typed = '';
  for (const word of words.slice(0, 3)) {
    const next = typed ? `${typed} ${word}` : word;
    if (next.length > 24) break;
    typed = next;
  }
  return typed || label.toLowerCase().slice(0, 24);
}

export interface ReviewSetPlan {
  entries: PlannedEntry[];
  /** Where the titles came from, with how many each gave. */
  sources: { name: string; language: string; entries: number }[];
}

/**
 * A prediction set of real titles whose predictions make each flow of the keyboard review happen,
 * deterministically from the seed: `accept` (the right code first, under the threshold), `tree`
 * (a wrong first prediction: the code is found in the tree), `none` (no predictions: the tree
 * opens searched with the title's words) and `similar` (the 'no occupation' lists' many spellings
 * of household relations, weakly predicted right: one save maps the similar ones ticked with `a`).
 * Titles are drawn evenly from every coded source of the manifest, the 'no occupation' ones
 * heaviest first; the first entry in file order is an `accept` one (the tree opens in HISCO).
 */
export function buildReviewSet(options: { seed: number; perFlow: Record<ReviewFlow, number>; exclude?: ReadonlySet<string>; threshold: number }): ReviewSetPlan {
  const next = random(options.seed);
  const labels = hiscoLabels();
  const codes = [...labels.keys()].filter((code) => /^\d{5}$/.test(code));
  const { occupations, noOccupation } = hiscoSources(labels);
  const taken = new Set(options.exclude ?? []);
  const counts = new Map<string, number>();
  const draw = (sources: TitleSource[], count: number, shuffle: boolean) => {
    const picked: (TitleSource['titles'][number] & { source: TitleSource })[] = [];
    const orders = sources.map((source) => (shuffle ? shuffled(source.titles.length, next) : source.titles.map((_, index) => index)));
    const at = sources.map(() => 0);
    for (let turn = 0; picked.length < count && at.some((position, index) => position < orders[index]!.length); turn++) {
      const index = turn % sources.length;
      const source = sources[index]!;
      while (at[index]! < orders[index]!.length) {
        const title = source.titles[orders[index]![at[index]!++]!]!;
        if (taken.has(title.title)) continue;
        taken.add(title.title);
        picked.push({ ...title, source });
        counts.set(source.name, (counts.get(source.name) ?? 0) + 1);
        break;
      }
    }
    return picked;
  };
  const conf = (low: number, high: number) => Math.round((low + next() * (high - low)) * 1000) / 1000;
  const below = (value: number) => Math.min(value, options.threshold - 0.01);
  const wrongCode = (right: string) => {
    for (;;) {
      const code = codes[Math.floor(next() * codes.length)]!;
      if (code !== right) return code;
    }
  };

  const occupationTitles = draw(occupations, options.perFlow.accept + options.perFlow.tree + options.perFlow.none, true);
  const flows: ReviewFlow[] = [...Array<ReviewFlow>(options.perFlow.accept).fill('accept'), ...Array<ReviewFlow>(options.perFlow.tree).fill('tree'), ...Array<ReviewFlow>(options.perFlow.none).fill('none')];
  const order = shuffled(flows.length, next);
  const planned: PlannedEntry[] = occupationTitles.map((title, index) => {
    const flow = flows[order[index]!]!;
    const label = labels.get(title.code)!;
    const top = below(flow === 'accept' ? conf(0.45, 0.75) : conf(0.2, 0.7));
    const predictions =
      flow === 'none'
        ? []
        : [
            { uris: [`hisco:${flow === 'accept' ? title.code : wrongCode(title.code)}`], conf: top },
            ...(next() < 0.5 ? [{ uris: [`hisco:${wrongCode(title.code)}`], conf: Math.round(top * next() * 500) / 1000 }] : []),
          ];
    return { entry: { string: title.title, predictions }, flow, language: title.source.language, code: title.code, words: wordsOf(label) };
  });
  for (const title of draw(noOccupation, options.perFlow.similar, false)) {
    planned.push({
      entry: { string: title.title, predictions: [{ uris: [`hisco:${title.code}`], conf: below(conf(0.3, 0.7)) }] },
      flow: 'similar',
      language: title.source.language,
      code: title.code,
      words: wordsOf(labels.get(title.code)!),
    });
  }
  const fileOrder = shuffled(planned.length, next).map((index) => planned[index]!);
  const first = fileOrder.findIndex((entry) => entry.flow === 'accept');
  if (first > 0) fileOrder.unshift(...fileOrder.splice(first, 1));
  const sources = [...occupations, ...noOccupation].map((source) => ({ name: source.name, language: source.language, entries: counts.get(source.name) ?? 0 }));
  return { entries: fileOrder, sources };
}

/** The indexes 0…length-1 in an order drawn from the generator (Fisher–Yates). */
function shuffled(length: number, next: () => number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let index = length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}
