import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSchemeCsv, parseSchemeTurtle, validateSchemeCodes } from './scheme-file.js';

const seedDir = path.resolve(import.meta.dirname, '../../../../shared/data/schemes');

describe('parseSchemeCsv', () => {
  it('reads the real HISCO file, descriptions with embedded newlines included', () => {
    const { codes, problems } = parseSchemeCsv(fs.readFileSync(path.join(seedDir, 'hisco.csv'), 'utf8'));
    expect(problems).toEqual([]);
    expect(codes).toHaveLength(2304);
    expect(validateSchemeCodes(codes)).toEqual([]);
  });

  it('counts lines past quoted newlines', () => {
    const csv = 'code,label,parent,description\n1,One,,"first\nsecond"\n11,Eleven,1,\n11,Again,1,\n';
    const { codes } = parseSchemeCsv(csv);
    expect(codes.map((code) => code.line)).toEqual([2, 4, 5]);
    expect(codes[0]!.description).toBe('first\nsecond');
    expect(validateSchemeCodes(codes)).toEqual([{ line: 5, message: "line 5: duplicate code '11' (first at line 4)" }]);
  });

  it('lists missing parents, empty labels, ragged rows and cycles by line', () => {
    const csv = 'code,label,parent,description\nA,,,\nB,Bee,Z,\nC,Cee,D,\nD,Dee,C,\nE,Eee\n';
    const parsed = parseSchemeCsv(csv);
    expect(parsed.problems).toEqual([{ line: 6, message: 'Expected 4 fields, found 2' }]);
    const messages = validateSchemeCodes(parsed.codes).map((problem) => problem.message);
    expect(messages).toEqual([
      "line 2: the label of 'A' is empty",
      "line 3: parent 'Z' of 'B' is not a code of this file",
      'line 4: the parents form a cycle: C → D → C',
    ]);
  });

  it('refuses a file without the expected header', () => {
    expect(parseSchemeCsv('id;name\n1;x\n').problems[0]!.message).toMatch(/no 'code' column/);
    expect(parseSchemeCsv('').problems[0]!.message).toBe('The file is empty');
  });
});

describe('parseSchemeTurtle', () => {
  it('reads SKOS concepts with notations, labels, definitions and broader links', () => {
    const turtle = `@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
      <http://x.org/s/1> a skos:Concept ; skos:prefLabel "Farmers"@en ; skos:notation "1" .
      <http://x.org/s/11> a skos:Concept ; skos:prefLabel "Crop \\"farmers\\""@en ; skos:notation "11" ;
        skos:definition "Grow crops" ; skos:broader <http://x.org/s/1> .`;
    const { codes, problems } = parseSchemeTurtle(turtle);
    expect(problems).toEqual([]);
    expect(codes).toEqual([
      { code: '1', name: 'Farmers', line: null },
      { code: '11', name: 'Crop "farmers"', parent: '1', description: 'Grow crops', line: null },
    ]);
  });

  it('reports a syntax error with its line', () => {
    const { problems } = parseSchemeTurtle('@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<http://x.org/a> skos:prefLabel "x" "y" .\n');
    expect(problems[0]!.message).toMatch(/Turtle: .*line 2/);
  });
});
