import { describe, expect, it } from 'vitest';
import { type ClassifierExample, CodeTreeClassifier } from './code-tree-classifier.js';
import { coderNorm } from './title-features.js';

const coded = (title: string, code: string): ClassifierExample => ({ norm: coderNorm(title), code, weight: 1 });

/** Swedish and Dutch titles of four codes, two of them siblings ('83110', '83120'), each code with a telling piece. */
const titles: ClassifierExample[] = [
  ...['skomakare', 'skomakarmastare', 'skomakargesall', 'schoenmaker', 'schoenmakersknecht', 'landsbygdsskomakare'].map((title) => coded(title, '80110')),
  ...['smed', 'smedmastare', 'smedgesall', 'grovsmed', 'smid', 'hoefsmid', 'bysmed'].map((title) => coded(title, '83110')),
  ...['vapensmed', 'gevarssmed', 'geweermaker', 'bossmakare'].map((title) => coded(title, '83120')),
  ...['vaktare', 'fangvaktare', 'tornvaktare', 'bewaker', 'gevangenbewaker', 'nattvaktare'].map((title) => coded(title, '58940')),
  coded('hans kone', '-1'),
  coded('hustru', '-1'),
];
// Several passes' worth of examples: a real file has thousands.
const examples = Array.from({ length: 40 }, () => titles).flat();

describe('the classifier over the codes tree', () => {
  const classifier = CodeTreeClassifier.train(examples);
  const best = (title: string) => classifier.best(classifier.query(coderNorm(title)), 3)[0]?.code;

  it('codes unseen spellings and compounds by the pieces that tell the codes apart', () => {
    expect(best('skomakaremastare')).toBe('80110');
    expect(best('fangelsevaktare')).toBe('58940');
    expect(best('schoenmakers')).toBe('80110');
    expect(best('hoefsmed')).toBe('83110');
  });

  it('gives probabilities from 0 to 1 that sum to at most 1, 0 for a code not learned or a title without features', () => {
    const codes = ['80110', '83110', '83120', '58940', '-1'];
    const probabilities = classifier.probabilities(classifier.query(coderNorm('smedmastare')), codes);
    for (const probability of probabilities) {
      expect(probability).toBeGreaterThanOrEqual(0);
      expect(probability).toBeLessThanOrEqual(1);
    }
    expect(probabilities.reduce((sum, probability) => sum + probability, 0)).toBeLessThanOrEqual(1.0001);
    expect(probabilities[1]).toBe(Math.max(...probabilities));
    expect(classifier.probabilities(classifier.query(coderNorm('smed')), ['99999'])).toEqual([0]);
    expect(classifier.probabilities(classifier.query(''), codes)).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads the language of a title: the same letters lean to the code they have in its language', () => {
    // 'mag' is a warehouse ('magazijn') in Dutch titles, a master of arts ('magister') in Swedish ones.
    const inLanguage = (title: string, code: string, lang: string): ClassifierExample => ({ ...coded(title, code), lang });
    const world = Array.from({ length: 40 }, () => [inLanguage('mag', '39140', 'nl'), inLanguage('mag', '13200', 'sv'), inLanguage('mag chef', '39140', 'nl'), inLanguage('fil mag', '13200', 'sv')]).flat();
    const bilingual = CodeTreeClassifier.train(world);
    expect(bilingual.best(bilingual.query('mag', 'nl'), 1)[0]?.code).toBe('39140');
    expect(bilingual.best(bilingual.query('mag', 'sv'), 1)[0]?.code).toBe('13200');
  });

  it('lists its likeliest codes best first, and learns the same from the same examples', () => {
    const query = classifier.query(coderNorm('vapensmed'));
    const found = classifier.best(query, 3);
    expect(found[0]?.code).toBe('83120');
    for (let at = 1; at < found.length; at++) expect(found[at]!.probability).toBeLessThanOrEqual(found[at - 1]!.probability);
    const again = CodeTreeClassifier.train(examples);
    expect(again.best(again.query(coderNorm('vapensmed')), 3)).toEqual(found);
  });
});
