import Papa from 'papaparse';
import { Parser, type Quad } from 'n3';
import type { SchemeImportFormat } from '@og/shared/contracts/schemes';

/**
 * Reading a scheme file for import: CSV with the header `code,label,parent,description` (the
 * format of ../shared/data/schemes) or SKOS Turtle. Both give the same list of codes, which
 * `validateSchemeCodes` checks before anything is written.
 */

export interface ImportedCode {
  code: string;
  name: string;
  parent?: string;
  description?: string;
  /** Where it came from: the CSV line, or null for Turtle. */
  line: number | null;
}

export interface ImportProblem {
  line: number | null;
  message: string;
}

export interface ParsedSchemeFile {
  codes: ImportedCode[];
  problems: ImportProblem[];
}

const maxProblems = 20;

export function parseSchemeCsv(input: string): ParsedSchemeFile {
  const text = input.replace(/^\uFEFF/, '');
  const problems: ImportProblem[] = [];
  const codes: ImportedCode[] = [];
  let header: string[] | null = null;
  let offset = 0;
  let line = 1;
  const lineAt = (position: number) => {
    for (; offset < position && offset < text.length; offset++) if (text.charCodeAt(offset) === 10) line++;
    return line;
  };
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    header: false,
    delimiter: ',',
    skipEmptyLines: false,
    step: (results) => {
      const rowLine = lineAt(rowStart);
      rowStart = results.meta.cursor + 1;
      const row = results.data;
      for (const error of results.errors) problems.push({ line: rowLine, message: `CSV: ${error.message}` });
      if (row.length === 1 && row[0] === '') return; // a blank line
      if (!header) {
        header = row.map((cell) => cell.trim().toLowerCase());
        for (const column of ['code', 'label']) {
          if (!header.includes(column)) problems.push({ line: rowLine, message: `The header has no '${column}' column (expected code,label,parent,description)` });
        }
        return;
      }
      const cell = (column: string) => {
        const index = header!.indexOf(column);
        return index >= 0 ? (row[index] ?? '') : '';
      };
      if (row.length !== header.length) {
        problems.push({ line: rowLine, message: `Expected ${header.length} fields, found ${row.length}` });
        return;
      }
      const parent = cell('parent').trim();
      const description = cell('description');
      codes.push({
        code: cell('code').trim(),
        name: cell('label').trim(),
        ...(parent ? { parent } : {}),
        ...(description.trim() ? { description } : {}),
        line: rowLine,
      });
    },
  });
  if (!header) problems.push({ line: 1, message: 'The file is empty' });
  return { codes, problems };
}

const skos = 'http://www.w3.org/2004/02/skos/core#';
const rdfType = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

function pickLiteral(quads: Quad[]): string | undefined {
  const literals = quads.filter((quad) => quad.object.termType === 'Literal');
  const preferred =
    literals.find((quad) => (quad.object as { language: string }).language === '') ??
    literals.find((quad) => (quad.object as { language: string }).language.startsWith('en')) ??
    literals[0];
  return preferred?.object.value;
}

export function parseSchemeTurtle(input: string): ParsedSchemeFile {
  let quads: Quad[];
  try {
    quads = new Parser({ format: 'text/turtle' }).parse(input.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { codes: [], problems: [{ line: null, message: `Turtle: ${(error as Error).message}` }] };
  }
  const bySubject = new Map<string, Quad[]>();
  for (const quad of quads) {
    if (quad.subject.termType !== 'NamedNode') continue;
    const list = bySubject.get(quad.subject.value);
    if (list) list.push(quad);
    else bySubject.set(quad.subject.value, [quad]);
  }
  const concepts = [...bySubject].filter(([, subjectQuads]) =>
    subjectQuads.some((quad) => (quad.predicate.value === rdfType && quad.object.value === `${skos}Concept`) || quad.predicate.value === `${skos}prefLabel`),
  );
  const notationOf = new Map<string, string>();
  for (const [subject, subjectQuads] of concepts) {
    const notation = pickLiteral(subjectQuads.filter((quad) => quad.predicate.value === `${skos}notation`));
    notationOf.set(subject, notation ?? decodeURIComponent(subject.replace(/.*[/#]/, '')));
  }
  const problems: ImportProblem[] = [];
  const codes: ImportedCode[] = concepts.map(([subject, subjectQuads]) => {
    const of = (name: string) => subjectQuads.filter((quad) => quad.predicate.value === `${skos}${name}`);
    const broader = of('broader')[0]?.object.value;
    const parent = broader === undefined ? undefined : (notationOf.get(broader) ?? broader);
    const description = pickLiteral(of('definition'));
    return {
      code: notationOf.get(subject)!,
      name: pickLiteral(of('prefLabel')) ?? '',
      ...(parent ? { parent } : {}),
      ...(description ? { description } : {}),
      line: null,
    };
  });
  if (!codes.length) problems.push({ line: null, message: 'The Turtle file has no skos:Concept' });
  return { codes, problems };
}

/** SPEC-level checks before an import writes anything: codes present and unique, names present, parents known, no cycles. */
export function validateSchemeCodes(codes: ImportedCode[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const where = (code: ImportedCode) => (code.line === null ? `code '${code.code}'` : `line ${code.line}`);
  const byCode = new Map<string, ImportedCode>();
  for (const code of codes) {
    if (!code.code) problems.push({ line: code.line, message: `${where(code)}: the code is empty` });
    else if (byCode.has(code.code)) {
      problems.push({ line: code.line, message: `${where(code)}: duplicate code '${code.code}' (first at ${where(byCode.get(code.code)!)})` });
    } else byCode.set(code.code, code);
    if (!code.name) problems.push({ line: code.line, message: `${where(code)}: the label of '${code.code}' is empty` });
    if (code.code.length > 300) problems.push({ line: code.line, message: `${where(code)}: the code is longer than 300 characters` });
    if (code.name.length > 1000) problems.push({ line: code.line, message: `${where(code)}: the label is longer than 1000 characters` });
  }
  for (const code of codes) {
    if (code.parent !== undefined && !byCode.has(code.parent)) {
      problems.push({ line: code.line, message: `${where(code)}: parent '${code.parent}' of '${code.code}' is not a code of this file` });
    }
  }
  // Cycles: follow parents from every code; a code met twice on one walk is in a cycle.
  const settled = new Set<string>();
  for (const start of byCode.values()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: ImportedCode | undefined = start;
    while (current && !settled.has(current.code)) {
      if (onPath.has(current.code)) {
        const cycle = path.slice(path.indexOf(current.code)).concat(current.code);
        problems.push({ line: current.line, message: `${where(current)}: the parents form a cycle: ${cycle.join(' → ')}` });
        break;
      }
      onPath.add(current.code);
      path.push(current.code);
      current = current.parent === undefined ? undefined : byCode.get(current.parent);
    }
    for (const code of path) settled.add(code);
  }
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).slice(0, Math.max(maxProblems, 0));
}

/** The file name extension of each scheme file format. */
export const schemeFileExtensions: Record<SchemeImportFormat, string> = { csv: '.csv', turtle: '.ttl' };

/** A scheme file's format from its name's extension, or null when it names none of them. */
export function schemeFormatOfFile(name: string): SchemeImportFormat | null {
  const lower = name.toLowerCase();
  const found = Object.entries(schemeFileExtensions).find(([, extension]) => lower.endsWith(extension));
  return found ? (found[0] as SchemeImportFormat) : null;
}
