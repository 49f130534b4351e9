import { describe, expect, it } from 'vitest';
import { IsotonicCalibration } from './isotonic-calibration.js';
import { coderNorm } from './title-features.js';
import { TitleCoder } from './title-coder.js';
import type { CodedTitle } from './title-index.js';

const coded = (title: string, code: string, weight = 1): CodedTitle => ({ norm: coderNorm(title), code, weight });

/** A small world of coded titles, each repeated as real files repeat them. */
const examples: CodedTitle[] = [
  ...Array.from({ length: 30 }, () => coded('farm labourer', '62105')),
  ...Array.from({ length: 30 }, () => coded('general farmer', '61110')),
  ...Array.from({ length: 30 }, () => coded('blacksmith', '83110')),
  ...Array.from({ length: 30 }, () => coded('cotton weaver', '75432')),
  ...Array.from({ length: 30 }, () => coded('tailor', '79100')),
  ...Array.from({ length: 20 }, () => coded('fishmonger', '41030')),
  ...Array.from({ length: 20 }, () => coded('coal miner', '71105')),
];

describe('the built-in coder', () => {
  const coder = TitleCoder.build(examples);

  it('codes a known title surely, spelling, case and status words aside', () => {
    for (const title of ['Farm-Labourer', 'farm labourer (deceased)', 'FARM LABOURER, retired']) {
      const [first] = coder.predict(title);
      expect(first?.code).toBe('62105');
      expect(first!.conf).toBeGreaterThan(0.8);
    }
  });

  it('codes variants by their nearest known titles: OCR noise, word order, compounds', () => {
    expect(coder.predict('blacksmlth')[0]?.code).toBe('83110');
    expect(coder.predict('weaver cotton')[0]?.code).toBe('75432');
    expect(coder.predict('fish monger')[0]?.code).toBe('41030');
  });

  it('codes another spelling of a known title as the title: doubled letters, ij for y, parts of a compound apart', () => {
    const spelt = TitleCoder.build([
      ...examples,
      ...Array.from({ length: 30 }, () => ({ ...coded('timmerman', '95410'), lang: 'nl' })),
      ...Array.from({ length: 30 }, () => ({ ...coded('wijnkoper', '41025'), lang: 'nl' })),
      ...Array.from({ length: 30 }, () => ({ ...coded('boerenknecht', '62105'), lang: 'nl' })),
    ]);
    expect(spelt.predict('timerman', { lang: 'nl' })[0]?.code).toBe('95410');
    expect(spelt.predict('wynkoper', { lang: 'nl' })[0]?.code).toBe('41025');
    expect(spelt.predict('boeren knecht')[0]?.code).toBe('62105');
  });

  it('codes a spelling of a standard title (an abbreviation, an old orthography) as that title', () => {
    const standard = { ...coded('sågverksarbetare', '73210'), lang: 'sv' };
    const spelt = TitleCoder.build([
      ...examples,
      ...Array.from({ length: 30 }, () => standard),
      ...Array.from({ length: 30 }, () => ({ ...coded('sågverksarb.', '73210'), lang: 'sv', spellingOf: standard.norm })),
    ]);
    const [first] = spelt.predict('Sågverksarb.', { lang: 'sv' });
    expect(first?.code).toBe('73210');
    expect(first!.conf).toBeGreaterThan(0.5);
  });

  it('gives nothing for a title like no known one, rather than a guess', () => {
    expect(coder.predict('xyzzy qwpl')).toEqual([]);
    expect(coder.predict('')).toEqual([]);
  });

  it('keeps to the allowed codes when told', () => {
    const predictions = coder.predict('farm labourer', { allowed: new Set(['61110']) });
    expect(predictions.map((prediction) => prediction.code)).toEqual(['61110']);
  });

  it('returns at most five codes, the first the surest, confidences from 0 to 1', () => {
    const predictions = coder.predict('farm weaver');
    expect(predictions.length).toBeLessThanOrEqual(5);
    for (const prediction of predictions) {
      expect(prediction.conf).toBeGreaterThanOrEqual(0);
      expect(prediction.conf).toBeLessThanOrEqual(predictions[0]!.conf);
    }
  });
});

describe('the built-in coder on spellings and languages it has not seen', () => {
  const inLang = (title: string, code: string, lang: string): CodedTitle => ({ ...coded(title, code), lang });
  const many = (count: number, make: (at: number) => CodedTitle) => Array.from({ length: count }, (_, at) => make(at));
  const world: CodedTitle[] = [
    ...many(20, () => inLang('skomager', '80110', 'da')),
    ...many(10, () => inLang('skomagermester', '80110', 'da')),
    ...many(10, () => inLang('schoenmaker', '80110', 'nl')),
    ...many(20, () => inLang('smed', '83110', 'da')),
    ...many(10, () => inLang('smedemester', '83110', 'da')),
    ...many(20, () => inLang('bager', '77610', 'da')),
    ...many(10, () => inLang('bagersvend', '77610', 'da')),
    ...many(20, () => inLang('tjenestekarl', '62120', 'da')),
    // Two titles, each as like 'kelbrander' as the other, in two languages.
    ...many(20, () => inLang('kulbrander', '74490', 'da')),
    ...many(20, () => inLang('kalbrander', '74590', 'nl')),
  ];
  const coder = TitleCoder.build(world);

  it('codes an unseen spelling of a known title', () => {
    for (const title of ['skoemager', 'schomager', 'skomagr']) expect(coder.predict(title, { lang: 'da' })[0]?.code).toBe('80110');
    expect(coder.predict('smedesvend', { lang: 'da' })[0]?.code).toBe('83110');
    expect(coder.predict('tjenestekarl ved bager', { lang: 'da' })[0]?.code).toBeDefined();
  });

  it('prefers known titles of the query’s language', () => {
    expect(coder.predict('kelbrander', { lang: 'da' })[0]?.code).toBe('74490');
    expect(coder.predict('kelbrander', { lang: 'nl' })[0]?.code).toBe('74590');
  });
});

describe('the built-in coder’s confidences per language', () => {
  // In English each title is known twice with one code; in Swedish each is known once with one code and
  // once with another: a title known once scores the same in both, but is right half as often in Swedish.
  const world: CodedTitle[] = [];
  for (let at = 0; at < 600; at++) {
    world.push({ ...coded(`smith ${at}`, '83110'), lang: 'en' }, { ...coded(`smith ${at}`, '83110'), lang: 'en' });
    world.push({ ...coded(`smed ${at}`, '83110'), lang: 'sv' }, { ...coded(`smed ${at}`, '83120'), lang: 'sv' });
  }
  world.push({ ...coded('smith 999', '83110'), lang: 'en' }, { ...coded('smed 999', '83110'), lang: 'sv' });
  const coder = TitleCoder.build(world);

  it('gives a known title no more confidence than its language’s held-out titles like it were right', () => {
    const swedish = coder.predict('smed 999', { lang: 'sv' })[0]!;
    const english = coder.predict('smith 999', { lang: 'en' })[0]!;
    expect(swedish.code).toBe('83110');
    expect(english.code).toBe('83110');
    expect(swedish.conf).toBeLessThan(0.7);
    expect(english.conf).toBeGreaterThan(swedish.conf + 0.1);
    // Without its language, a title gets the confidence of all languages together.
    expect(coder.predict('smed 999')[0]!.conf).toBeGreaterThan(swedish.conf + 0.1);
  });

  it('never calls a title of a language it has too few held-out titles of 90% sure', () => {
    // Known titles whose source names no language, each always with its one code: surely right.
    const coder = TitleCoder.build(Array.from({ length: 10 }, () => examples).flat());
    expect(coder.predict('farm labourer')[0]!.conf).toBeGreaterThanOrEqual(0.9);
    // A Danish or Icelandic title: no held-out title of the language showed how often it is right, so the same match stays below 0.9.
    for (const lang of ['da', 'is']) {
      const first = coder.predict('farm labourer', { lang })[0]!;
      expect(first.code).toBe('62105');
      expect(first.conf).toBeLessThan(0.9);
    }
  });
});

describe('isotonic calibration', () => {
  it('maps scores to the share of right answers, never decreasing', () => {
    const samples = [
      ...Array.from({ length: 50 }, (_, i) => ({ score: 0.1, right: i < 10 })),
      ...Array.from({ length: 50 }, (_, i) => ({ score: 0.5, right: i < 30 })),
      ...Array.from({ length: 50 }, (_, i) => ({ score: 0.9, right: i < 48 })),
    ];
    const calibration = IsotonicCalibration.fit(samples, { prior: 0.5, strength: 0 });
    expect(calibration.apply(0.1)).toBeCloseTo(0.2);
    expect(calibration.apply(0.5)).toBeCloseTo(0.6);
    expect(calibration.apply(0.95)).toBeCloseTo(0.96);
    expect(calibration.apply(0.05)).toBeCloseTo(0.2);
  });

  it('pools scores whose right share goes down', () => {
    const calibration = IsotonicCalibration.fit(
      [
        { score: 0.2, right: true },
        { score: 0.4, right: false },
      ],
      { prior: 0.5, strength: 0 },
    );
    expect(calibration.apply(0.2)).toBeCloseTo(0.5);
    expect(calibration.apply(0.4)).toBeCloseTo(0.5);
  });
});
