import { inverseRelation, type LinkMaps, type LinkPairs, linkRelations, pseudoTargets } from '@og/shared/contracts/links';
import { type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import { contentEtag } from '../lib/etag.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { countLinksByGraph, forEachIriTriple, pseudoTargetOfIri, relationOfIri } from './link-queries.js';

/**
 * The link maps (SPEC §3) are written as JSON text straight from the pair graphs as the store
 * hands them out, never built as an object first: for a large pair (megabytes of JSON), building,
 * then stringifying, an object costs several times as long as reading its graph. Each graph is
 * read whole in one read (`TripleStore.readGraph`, its links and pseudo-targets together, faster
 * than a SELECT of them), and its lines are read where they lie in the text; each link's relation
 * goes out as its line is read, and what each code is linked to is kept as numbers (indexes of the
 * codes) until the maps are written, so the garbage collector has strings per code to move, not
 * several per link.
 */

/** About how many characters of JSON each piece of the answer holds. */
const pieceChars = 256 * 1024;

/** A string as JSON writes it, without its quotes. */
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * One scheme pair's graph as read. Side 0 is `pair[0]`, side 1 `pair[1]`. For each side, its codes
 * in the order first met and, for each code, what it is linked to in the order read: codes of the
 * other side (their index there) and pseudo-targets (-1 - their index in `pseudoTargets`).
 */
interface PairReading {
  pair: [SchemeId, SchemeId];
  values: [string[], string[]];
  targets: [number[][], number[][]];
}

/** A scheme pair's graph of links as read, N-Triples. */
export interface PairGraph {
  pair: [SchemeId, SchemeId];
  text: string;
}

/** The graphs of the pairs involved, as N-Triples: the pair asked for, or every pair of the one scheme asked for. */
export async function readPairGraphs(schemes: SchemeContext, requested: SchemeId[]): Promise<PairGraph[]> {
  const pairs: [SchemeId, SchemeId][] =
    requested.length === 2 ? [[requested[0]!, requested[1]!]] : schemeIds.filter((other) => other !== requested[0]).map((other) => [requested[0]!, other]);
  return Promise.all(pairs.map(async (pair) => ({ pair, text: await schemes.store.readGraph(schemes.iris.linkGraph(pair[0], pair[1])) })));
}

/**
 * Reads a pair's graph into `reading` and writes the `relations` entry of each of its links
 * (`"a:x b:y":"relation"`, keyed by `linkKey`, the relation read in that key's order) to `out`.
 * Yields each time `out.text` has grown to a piece.
 */
function* readPairGraph(schemes: SchemeContext, pair: [SchemeId, SchemeId], text: string, reading: PairReading, out: { text: string; comma: string }): Generator<void> {
  const prefixes = [schemes.iris.codePrefix(pair[0]), schemes.iris.codePrefix(pair[1])] as const;
  const schemeIris = [schemes.iris.scheme(pair[0]), schemes.iris.scheme(pair[1])] as const;
  const indexes = [new Map<string, number>(), new Map<string, number>()] as const;
  // Each code's half of the relations' keys (`scheme:value`, JSON-escaped), as its code is first met.
  const keys: [string[], string[]] = [[], []];
  // What each predicate is (met again and again): a relation (its index), a pseudo-target (-1 - its index), or neither (null).
  const predicates = new Map<string, number | null>();
  const predicateAt = (start: number, end: number) => {
    const predicate = text.slice(start, end);
    let kind = predicates.get(predicate);
    if (kind === undefined) {
      const relation = relationOfIri(predicate);
      const target = pseudoTargetOfIri(schemes.iris, predicate);
      kind = relation ? linkRelations.indexOf(relation) : target ? -1 - pseudoTargets.indexOf(target) : null;
      predicates.set(predicate, kind);
    }
    return kind;
  };
  // Comparing a slice: String.prototype.startsWith is several times slower here.
  const sideAt = (start: number, end: number) => {
    for (const side of [0, 1] as const) {
      const prefix = prefixes[side];
      if (end - start > prefix.length && text.slice(start, start + prefix.length) === prefix) return side;
    }
    return -1;
  };
  const codeAt = (side: 0 | 1, start: number, end: number) => {
    const value = text.slice(start + prefixes[side].length, end);
    let index = indexes[side].get(value);
    if (index === undefined) {
      index = reading.values[side].push(value) - 1;
      indexes[side].set(value, index);
      reading.targets[side].push([]);
      keys[side].push(jsonInner(`${pair[side]}:${value}`));
    }
    return index;
  };
  // Keys start with the scheme first in name order; a relation is read from its key's first code.
  const firstSide = pair[0] < pair[1] ? 0 : 1;
  const relationTexts = linkRelations.map((relation) => `"${relation}"`);
  const turnedTexts = linkRelations.map((relation) => `"${inverseRelation(relation)}"`);
  const visit = (subjectStart: number, subjectEnd: number, predicateStart: number, predicateEnd: number, objectStart: number, objectEnd: number) => {
    const subjectSide = sideAt(subjectStart, subjectEnd);
    if (subjectSide === -1) return false;
    const kind = predicateAt(predicateStart, predicateEnd);
    if (kind === null) return false;
    if (kind >= 0) {
      // A link joins a code of each side. Stored from the scheme first in name order, one stored the other way round is read turned.
      const objectSide = sideAt(objectStart, objectEnd);
      if (objectSide === -1 || objectSide === subjectSide) return false;
      const subjectIndex = codeAt(subjectSide, subjectStart, subjectEnd);
      const objectIndex = codeAt(objectSide, objectStart, objectEnd);
      reading.targets[subjectSide][subjectIndex]!.push(objectIndex);
      reading.targets[objectSide][objectIndex]!.push(subjectIndex);
      const key = subjectSide === firstSide ? `${keys[subjectSide][subjectIndex]} ${keys[objectSide][objectIndex]}` : `${keys[objectSide][objectIndex]} ${keys[subjectSide][subjectIndex]}`;
      out.text += `${out.comma}"${key}":${(subjectSide === firstSide ? relationTexts : turnedTexts)[kind]}`;
      out.comma = ',';
      return out.text.length >= pieceChars;
    }
    const object = text.slice(objectStart, objectEnd);
    const towards = object === schemeIris[0] ? 0 : object === schemeIris[1] ? 1 : -1;
    if (towards >= 0 && towards !== subjectSide) reading.targets[subjectSide][codeAt(subjectSide, subjectStart, subjectEnd)]!.push(kind);
    return false;
  };
  for (let at = 0; at < text.length; ) {
    at = forEachIriTriple(text, visit, at);
    if (out.text.length >= pieceChars) yield;
  }
}

/**
 * The link maps (`LinkMaps`) of the schemes asked for as JSON text, in pieces of about 256 KiB:
 * `schemes`, `relations` (written as the graphs are read), then `maps` (for each scheme asked for,
 * code → other scheme → linked codes and pseudo-targets, in the order read).
 */
function* linkMapsJsonPieces(schemes: SchemeContext, requested: SchemeId[], graphs: PairGraph[]): Generator<string> {
  const out = { text: `{"schemes":${JSON.stringify(requested)},"relations":{`, comma: '' };
  const readings: PairReading[] = [];
  for (const { pair, text } of graphs) {
    const reading: PairReading = { pair, values: [[], []], targets: [[], []] };
    for (const _ of readPairGraph(schemes, pair, text, reading, out)) {
      yield out.text;
      out.text = '';
    }
    readings.push(reading);
  }
  let piece = `${out.text}},"maps":{`;
  const pseudoTexts = pseudoTargets.map((target) => `"${target}"`);
  for (const [schemeIndex, scheme] of requested.entries()) {
    piece += `${schemeIndex ? ',' : ''}"${scheme}":{`;
    // Each code's `"other":[…]` of each pair it has links in: one pair, or every pair of a scheme asked for alone.
    const entries = new Map<string, string[]>();
    for (const { pair, values, targets } of readings) {
      const side = pair.indexOf(scheme);
      if (side < 0) continue;
      const otherTexts = values[1 - side]!.map((value) => JSON.stringify(value));
      values[side]!.forEach((value, codeIndex) => {
        const entry = `"${pair[1 - side]}":[${targets[side]![codeIndex]!.map((target) => (target >= 0 ? otherTexts[target] : pseudoTexts[-1 - target])).join(',')}]`;
        const known = entries.get(value);
        if (known) known.push(entry);
        else entries.set(value, [entry]);
      });
    }
    let comma = '';
    for (const [value, towards] of entries) {
      piece += `${comma}${JSON.stringify(value)}:{${towards.join(',')}}`;
      comma = ',';
      if (piece.length >= pieceChars) {
        yield piece;
        piece = '';
      }
    }
    piece += '}';
  }
  yield `${piece}}}`;
}

/**
 * The link maps of SPEC §3 for one scheme (its links to every other scheme) or a pair (the links
 * between the two): for each scheme asked for, code → other scheme → linked codes and
 * pseudo-targets, and each link's relation. Read from the graphs of the pairs involved only, and
 * parsed from the JSON text `GET /api/links/maps` answers (so the two never differ).
 */
export async function readLinkMaps(schemes: SchemeContext, requested: SchemeId[]): Promise<LinkMaps> {
  return JSON.parse([...linkMapsJsonPieces(schemes, requested, await readPairGraphs(schemes, requested))].join('')) as LinkMaps;
}

/**
 * The ETag of the link maps made from these graphs: the hash of the graphs as read (the maps are
 * made from them alone), so a 304 never names maps other than the ones a 200 would send.
 */
export function linkMapsEtag(requested: SchemeId[], graphs: PairGraph[]): string {
  return contentEtag(`links.${requested.join('.')}`, graphs.flatMap(({ pair, text }) => [pair.join('--'), text]));
}

/** Pieces (of 256 KiB) of link maps answered as one string rather than streamed. */
const wholeAnswerPieces = 4;

/**
 * `GET /api/links/maps`' answer ({@link readLinkMaps}) as JSON text, made from the graphs read
 * ({@link readPairGraphs}, before anything is sent: a store that fails, fails the request then):
 * whole when short, else its pieces, each written in a turn of the event loop of its own, so
 * other requests get their turn and the compression of the pieces before it (in libuv's threads)
 * goes on meanwhile.
 */
export function linkMapsBody(schemes: SchemeContext, requested: SchemeId[], graphs: PairGraph[]): string | AsyncIterable<string> {
  const pieces = linkMapsJsonPieces(schemes, requested, graphs);
  // Maps of up to ~1 MB of JSON (a few thousand links) are answered whole: streaming them through
  // the threads costs more than writing them.
  const head: string[] = [];
  for (let piece = pieces.next(); ; piece = pieces.next()) {
    if (piece.done) return head.join('');
    head.push(piece.value);
    if (head.length === wholeAnswerPieces) break;
  }
  return (async function* () {
    yield* head;
    for (let piece = pieces.next(); !piece.done; piece = pieces.next()) {
      await new Promise((resolve) => setImmediate(resolve));
      yield piece.value;
    }
  })();
}

/** Links per scheme pair, from the count of each pair's graph. */
export async function countLinksByPair(schemes: SchemeContext): Promise<LinkPairs> {
  const rows = await schemes.store.select(countLinksByGraph());
  const prefix = `${schemes.iris.baseIri}graph/links/`;
  const pairs: LinkPairs['pairs'] = [];
  for (const row of rows) {
    const graph = row.graph!.value;
    if (!graph.startsWith(prefix)) continue;
    const [a, b] = graph.slice(prefix.length).split('--') as [SchemeId, SchemeId];
    if (!schemeIds.includes(a) || !schemeIds.includes(b)) continue;
    pairs.push({ schemes: [a, b], count: Number(row.links!.value) });
  }
  return { pairs: pairs.sort((x, y) => y.count - x.count) };
}
