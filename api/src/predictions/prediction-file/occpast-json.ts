import { quoteValue } from '../../files/dataset-file-error.js';
import { readPredictionUri, readProbability, titleOf } from './prediction-codes.js';
import { PredictionFileError } from './prediction-file-error.js';
import type { PredictedEntry } from './prediction-file.js';

/**
 * An OCCPAST prediction file: one JSON list of entries,
 *
 *     [{"string": "smith", "predictions": [{"uris": ["hisco:83110"], "conf": 0.93}, …]}, …]
 *
 * as OCCPAST's format_preds.py writes it (alexislitvine/OCCPAST). The list is read as its text
 * streams in, never whole: {@link JsonListScanner} cuts the text of each entry out of the list
 * (keeping count of lines) and only that entry is given to JSON.parse. So a 2 GB file is read with
 * the memory of one entry, and every message names the entry and the line it starts on.
 *
 * Why not a streaming JSON library (stream-json): it assembles each entry from tokens in
 * JavaScript, where JSON.parse does it natively, and since its 1.0 it tells no positions (uhop/
 * stream-json#84), so messages could not name a line. Cutting entries out needs only to follow
 * strings and brackets; JSON.parse checks everything else.
 */

/** An entry's text cut out of the list: its place in the list (from 1) and the line it starts on. */
export interface JsonEntryText {
  entry: number;
  line: number;
  text: string;
}

/** Longest entry: longer, and a quote or bracket is most likely never closed and swallowing the file. */
const maxEntryLength = 16 * 1024 * 1024;

// Characters of JSON's syntax (char codes).
const tab = 9;
const lineFeed = 10;
const carriageReturn = 13;
const space = 32;
const quote = 34;
const comma = 44;
const openBracket = 91;
const backslash = 92;
const closeBracket = 93;
const openBrace = 123;
const closeBrace = 125;

/** Where the scanner is in the list. */
type Place =
  /** Before the list's `[`. */
  | 'start'
  /** After `[`: an entry or `]`. */
  | 'first'
  /** After `,`: an entry. */
  | 'next'
  /** Inside an entry. */
  | 'entry'
  /** After an entry: `,` or `]`. */
  | 'after-entry'
  /** After the list's `]`: only blank space. */
  | 'end';

/**
 * Cuts the entries out of the text of a JSON list as it comes in pieces. Each piece answers the
 * entries that end in it; {@link end} checks the list was closed.
 */
export class JsonListScanner {
  private place: Place = 'start';
  /** The line being read, and whether the last character was a `\r` (a `\r\n` is one line break). */
  private line = 1;
  private afterCarriageReturn = false;
  private entries = 0;
  /** Inside an entry: bracket depth, in a string, after a backslash in a string. */
  private depth = 0;
  private inString = false;
  private escaped = false;
  private entryLine = 0;
  /** The entry's text from earlier pieces. */
  private held: string[] = [];
  private heldLength = 0;

  /** The entries that end in this piece of the text. */
  scan(piece: string): JsonEntryText[] {
    const found: JsonEntryText[] = [];
    let entryStart = 0;
    for (let at = 0; at < piece.length; at++) {
      const char = piece.charCodeAt(at);
      if (char === lineFeed) {
        if (!this.afterCarriageReturn) this.line++;
        this.afterCarriageReturn = false;
      } else if (char === carriageReturn) {
        this.line++;
        this.afterCarriageReturn = true;
      } else {
        this.afterCarriageReturn = false;
      }

      if (this.place === 'entry') {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (char === backslash) this.escaped = true;
          else if (char === quote) this.inString = false;
        } else if (char === quote) {
          this.inString = true;
        } else if (char === openBrace || char === openBracket) {
          this.depth++;
        } else if ((char === closeBrace || char === closeBracket) && --this.depth === 0) {
          const tail = piece.slice(entryStart, at + 1);
          const text = this.held.length ? this.held.join('') + tail : tail;
          this.held = [];
          this.heldLength = 0;
          found.push({ entry: this.entries, line: this.entryLine, text });
          this.place = 'after-entry';
        }
        continue;
      }

      if (char === space || char === lineFeed || char === carriageReturn || char === tab) continue;
      switch (this.place) {
        case 'start':
          if (char !== openBracket) throw this.notAList(char);
          this.place = 'first';
          break;
        case 'first':
        case 'next':
          if (char === closeBracket && this.place === 'first') {
            this.place = 'end';
          } else if (char === closeBracket) {
            throw new PredictionFileError(this.line, `expected an entry after the comma that follows entry ${this.entries}, found ] (a comma too many).`);
          } else if (char === openBrace) {
            this.entries++;
            this.entryLine = this.line;
            this.depth = 1;
            this.place = 'entry';
            entryStart = at;
          } else {
            this.entries++;
            throw new PredictionFileError(this.line, `expected an entry {"string": …, "predictions": […]}, found ${whatStartsWith(char)}.`, this.entries);
          }
          break;
        case 'after-entry':
          if (char === comma) this.place = 'next';
          else if (char === closeBracket) this.place = 'end';
          else throw new PredictionFileError(this.line, `expected , or ] after entry ${this.entries}, found ${whatStartsWith(char)}.`);
          break;
        case 'end':
          throw new PredictionFileError(this.line, `expected nothing after the list's closing ], found ${whatStartsWith(char)}.`);
      }
    }
    if (this.place === 'entry') {
      const rest = piece.slice(entryStart);
      this.held.push(rest);
      this.heldLength += rest.length;
      if (this.heldLength > maxEntryLength) {
        throw new PredictionFileError(this.entryLine, 'the entry runs on for more than 16 million characters; is a quote (") or a bracket never closed?', this.entries);
      }
    }
    return found;
  }

  /** Checks the text ended after the list was closed. */
  end(): void {
    switch (this.place) {
      case 'start':
        throw new PredictionFileError(this.line, 'the file has no JSON list in it.');
      case 'entry':
        throw new PredictionFileError(this.entryLine, 'the file ends inside this entry (a closing } or " is missing).', this.entries);
      case 'end':
        return;
      default:
        throw new PredictionFileError(this.line, `the file ends before the list is closed (a ] is missing after ${this.entries ? `entry ${this.entries}` : 'its ['}).`);
    }
  }

  private notAList(char: number): PredictionFileError {
    const found = char === openBrace ? 'one JSON object' : whatStartsWith(char);
    return new PredictionFileError(this.line, `the file is not a list of prediction entries: expected [{"string": …, "predictions": […]}, …], found ${found}.`);
  }
}

/** What a JSON value or token starting with `char` is, for a message. */
function whatStartsWith(char: number): string {
  if (char === openBrace) return 'an object';
  if (char === openBracket) return 'a list';
  if (char === quote) return 'a string';
  if (char === 45 || (char >= 48 && char <= 57)) return 'a number';
  const text = String.fromCharCode(char);
  if (text === 't' || text === 'f') return 'true or false';
  if (text === 'n') return 'null';
  return `'${text}'`;
}

/**
 * One entry of an OCCPAST list as a predicted entry; null when its title is empty.
 *
 * - `string`: the title, trimmed, a model's `lang[SEP]` prefix removed as for OccCANINE files.
 * - `predictions`: a list of `{uris, conf}`. A prediction whose `uris` is empty offers nothing and
 *   is left out, whatever its `conf` (format_preds.py writes one when every code of a row was
 *   `-1` or `nan`).
 * - `uris`: `scheme:code` with one of our scheme ids; HISCO codes mended (`hisco:1110` →
 *   `hisco:01110`), a URI twice in one prediction kept once.
 * - `conf`: a number from 0 to 1, or such a number written as a string: format_preds.py copies
 *   `conf` from the CSV it reads, so its files carry `"conf": "0.93"`.
 *
 * Other fields are ignored.
 */
export function readOccpastEntry({ entry, line, text }: JsonEntryText): PredictedEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PredictionFileError(line, `the entry is not valid JSON (${(error as Error).message}).`, entry);
  }
  if (!isObject(value)) throw new PredictionFileError(line, 'expected an object {"string": …, "predictions": […]}.', entry);
  if (typeof value.string !== 'string') {
    const found = value.string === undefined ? 'the entry has none' : `found ${typeName(value.string)}`;
    throw new PredictionFileError(line, `expected "string": the title, as text; ${found}.`, entry);
  }
  if (!Array.isArray(value.predictions)) {
    const found = value.predictions === undefined ? 'the entry has none' : `found ${typeName(value.predictions)}`;
    throw new PredictionFileError(line, `expected "predictions": a list of {"uris": […], "conf": …}; ${found}.`, entry);
  }
  const string = titleOf(value.string);
  if (!string) return null;

  const predictions: PredictedEntry['predictions'] = [];
  for (let index = 0; index < value.predictions.length; index++) {
    const prediction = readPrediction(value.predictions[index]);
    if (typeof prediction === 'string') throw new PredictionFileError(line, `prediction ${index + 1}: ${prediction}`, entry);
    if (prediction) predictions.push(prediction);
  }
  return { line, string, predictions };
}

/** A prediction of an entry, or what is wrong with it; null for one without URIs (it offers nothing: its conf is not looked at). */
function readPrediction(prediction: unknown): PredictedEntry['predictions'][number] | string | null {
  if (!isObject(prediction)) return `expected an object {"uris": […], "conf": …}, found ${typeName(prediction)}.`;
  if (!Array.isArray(prediction.uris)) return `expected "uris": a list of scheme:code, found ${typeName(prediction.uris)}.`;
  const uris: string[] = [];
  for (const uri of prediction.uris as unknown[]) {
    if (typeof uri !== 'string') return `expected each URI as text (scheme:code), found ${typeName(uri)}.`;
    const read = readPredictionUri(uri);
    if (typeof read !== 'string') return read.problem;
    if (!uris.includes(read)) uris.push(read);
  }
  if (!uris.length) return null;
  // `null`: the prediction has no confidence (as the Nested export writes one the file gave none).
  if (prediction.conf === null) return { uris, conf: null };
  const conf = readConf(prediction.conf);
  if (conf === null) return `"conf" ${confShown(prediction.conf)} is not a number from 0 to 1.`;
  return { uris, conf };
}

function readConf(conf: unknown): number | null {
  if (typeof conf === 'number') return conf >= 0 && conf <= 1 ? conf : null;
  return typeof conf === 'string' ? readProbability(conf) : null;
}

function confShown(conf: unknown): string {
  if (conf === undefined) return '(missing)';
  return typeof conf === 'string' ? quoteValue(conf) : String(JSON.stringify(conf));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${quoteValue(value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
