import { describe, expect, it } from 'vitest';
import { forEachIriTriple } from './link-queries.js';

const read = (text: string, from = 0, stopAfter = Infinity) => {
  const triples: string[][] = [];
  const next = forEachIriTriple(
    text,
    (s0, s1, p0, p1, o0, o1) => {
      triples.push([text.slice(s0, s1), text.slice(p0, p1), text.slice(o0, o1)]);
      return triples.length >= stopAfter;
    },
    from,
  );
  return { triples, next };
};

describe('forEachIriTriple', () => {
  const text = [
    '<urn:a/1> <urn:p> <urn:b/2> .',
    '<urn:a/1> <urn:label> "a literal with > <urn:x> < inside" .',
    '_:blank <urn:p> <urn:b/3> .',
    '<urn:a/4> <urn:p> _:blank .',
    '',
    '<urn:a/5> <urn:p> <urn:b/6,7> .',
  ].join('\n');

  it('finds the IRIs of each line of three IRIs and passes over literals, blank nodes and empty lines', () => {
    expect(read(text).triples).toEqual([
      ['urn:a/1', 'urn:p', 'urn:b/2'],
      ['urn:a/5', 'urn:p', 'urn:b/6,7'],
    ]);
    expect(read('').triples).toEqual([]);
  });

  it('stops after the line its visitor answers true for, and goes on from where it stopped', () => {
    const first = read(`${text}\n`, 0, 1);
    expect(first.triples).toEqual([['urn:a/1', 'urn:p', 'urn:b/2']]);
    expect(first.next).toBe(text.indexOf('\n') + 1);
    const rest = read(`${text}\n`, first.next);
    expect(rest.triples).toEqual([['urn:a/5', 'urn:p', 'urn:b/6,7']]);
    expect(rest.next).toBe(text.length + 1);
  });
});
