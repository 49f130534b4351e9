import { describe, expect, it } from 'vitest';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import { builtInPrefixes, readSssomMetadata } from './sssom-metadata.js';

/** The block's lines as they come after their `#`, numbered from 1. */
const block = (...texts: string[]) => texts.map((text, index) => ({ line: index + 1, text }));

function failure(...texts: string[]): CrosswalkFileError {
  try {
    readSssomMetadata(block(...texts));
  } catch (error) {
    expect(error).toBeInstanceOf(CrosswalkFileError);
    return error as CrosswalkFileError;
  }
  throw new Error('the block was read');
}

describe('the SSSOM metadata block', () => {
  it('reads the curie_map over the built-in prefixes, and the set-level values', () => {
    const metadata = readSssomMetadata(
      block(
        'curie_map:',
        '  HISCO: https://example.org/hisco/',
        "  ISCO08: 'https://example.org/isco08/'",
        '  skos: http://www.w3.org/2004/02/skos/core#',
        'mapping_set_id: "https://example.org/sets/1"',
        'license: https://creativecommons.org/licenses/by/4.0/ # CC BY',
        'mapping_date: 2024-05-01',
      ),
    );
    expect(metadata.prefixes.get('HISCO')).toBe('https://example.org/hisco/');
    expect(metadata.prefixes.get('ISCO08')).toBe('https://example.org/isco08/');
    expect(metadata.prefixes.get('semapv')).toBe('https://w3id.org/semapv/vocab/');
    expect(metadata).toMatchObject({ mappingSetId: 'https://example.org/sets/1', license: 'https://creativecommons.org/licenses/by/4.0/', mappingDate: '2024-05-01' });
  });

  it('has only the built-in prefixes without a curie_map, and null for values it lacks', () => {
    expect(readSssomMetadata(block('comment: nothing here'))).toEqual({ prefixes: builtInPrefixes, mappingSetId: null, license: null, mappingDate: null });
  });

  it("passes over what it does not read: lists, nested maps, block and multi-line values, comments, a margin after the '#'", () => {
    const metadata = readSssomMetadata(
      block(
        ' creator_id:',
        ' - orcid:0000-0002-1825-0097',
        ' - orcid:0000-0002-1825-0098',
        ' extension_definitions:',
        '   - slot_name: ext_foo',
        '     property: ex:foo',
        ' # a comment',
        '',
        ' mapping_set_description: |',
        '   Two lines',
        '   of text.',
        ' mapping_set_id: https://example.org/',
        '   sets/long',
        " license: 'It''s https://example.org/l'",
        ' curie_map:',
        '   A: https://example.org/a/',
      ),
    );
    expect(metadata.mappingSetId).toBe('https://example.org/ sets/long');
    expect(metadata.license).toBe("It's https://example.org/l");
    expect(metadata.prefixes.get('A')).toBe('https://example.org/a/');
  });

  it('fails, naming the line, on what it cannot read', () => {
    expect(failure('curie_map:', '  A: https://a/', 'just words').message).toBe("Line 3: the SSSOM metadata block should have a 'key: value' line here, not 'just words'.");
    expect(failure('curie_map: {A: "https://a/"}').message).toBe("Line 1: the curie_map should be written as indented 'prefix: IRI' lines under 'curie_map:'.");
    expect(failure('curie_map:', '  A: https://a/', '  B: not an IRI').message).toBe("Line 3: a curie_map line should be 'prefix: IRI', not 'B: not an IRI'.");
    expect(failure('curie_map:', '  A: https://a/', '    B: https://b/').line).toBe(3);
    expect(failure('curie_map:', '  owl: https://example.org/owl#').message).toBe(
      "Line 2: the curie_map gives the built-in prefix 'owl' another IRI ('https://example.org/owl#'; SSSOM's is http://www.w3.org/2002/07/owl#).",
    );
    expect(failure('license: a', 'license: b').message).toBe("Line 2: the SSSOM metadata block has 'license' twice.");
    expect(failure('license: "never closed').line).toBe(1);
    expect(failure(' mapping_set_id: x', 'license: less indented than the first key').line).toBe(2);
  });
});
