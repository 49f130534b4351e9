import { describe, expect, it } from 'vitest';
import { guessColumns, nameScore } from './column-guess';

/** A header and rows as CSV lines (no quoted commas in these samples). */
const csv = (...lines: string[]) => {
  const [header, ...rows] = lines.map((line) => line.split(','));
  return guessColumns(header!, rows);
};

describe('guessing the title and code columns', () => {
  it('takes the headers of the real title files', () => {
    expect(csv('title,hisco', 'soldier (reserve),58340', 'wine and spirit merchant,41025', 'coal merchant (deceased),41025')).toEqual({ titleColumn: 'title', codeColumn: 'hisco' });
    expect(csv('title,isco08,isco88', 'Abbess,2636,2460', 'Abbot,2636,2460', 'Academic,1345,1229')).toEqual({ titleColumn: 'title', codeColumn: 'isco08' });
    expect(csv('title,onet,onet_title', 'Business Development Director,11-2032.00,Public Relations Managers', 'Campaign Manager,11-2032.00,Public Relations Managers')).toEqual({
      titleColumn: 'title',
      codeColumn: 'onet',
    });
    expect(csv('title,label_type,esco_code,isco08', 'air force officer,preferred,f2cc5978-e45c-4f28-b859-7f89221b0505,0110')).toEqual({ titleColumn: 'title', codeColumn: 'isco08' });
    expect(csv('title,label_type,esco_code', 'air force officer,preferred,f2cc5978-e45c-4f28-b859-7f89221b0505')).toEqual({ titleColumn: 'title', codeColumn: 'esco_code' });
    expect(csv('title,standard_title,n', '(sjuk) äg,ägare,1', 'ägare,ägare,3')).toEqual({ titleColumn: 'title', codeColumn: null });
    expect(csv('title,row_id', 'By- og Herredsfoged,1', 'Procurator,2')).toEqual({ titleColumn: 'title', codeColumn: null });
  });

  it('takes OccCANINE\'s output: its input as the title, its best prediction as the code', () => {
    expect(
      csv(
        'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2',
        '0,da[SEP]haeklerske,75145.0,0.76961714,Fibre Comber,,,No pred',
        '1,da[SEP]maskinpasser,83000.0,0.5208272,Blacksmiths and MachineTool Operators,,,No pred',
        '2,da[SEP]arbejdsmand,99900.0,0.99250317,Worker No Further Information,,,No pred',
      ),
    ).toEqual({ titleColumn: 'inputs', codeColumn: 'hisco_1' });
    expect(csv('Check,occ1,hisco_1,prob_1,desc_1', '1,da[SEP]haeklerske,75145,0.7696172,Fibre Comber')).toEqual({ titleColumn: 'occ1', codeColumn: 'hisco_1' });
    // A checked file: the person's code beside the model's, and the code's own label (words, not codes).
    expect(csv('Correct,Agreement,hisco,en_hisco_text,profession,occ1,hisco_1', '1,1,79620,Furniture Upholsterer,Tapetserare,se[SEP]tapetserare,79620')).toEqual({
      titleColumn: 'profession',
      codeColumn: 'hisco',
    });
  });

  it('knows the names of other languages, accents and case aside', () => {
    expect(csv('Beruf;Code'.replace(';', ','), 'Bäcker,77610', 'Müller,77120')).toEqual({ titleColumn: 'Beruf', codeColumn: 'Code' });
    expect(csv('Métier,PCS-2020', 'Exploitant agricole,10A', 'Boulanger,63A')).toEqual({ titleColumn: 'Métier', codeColumn: 'PCS-2020' });
    expect(csv('yrke,hisco', 'Skräddare,79100')).toEqual({ titleColumn: 'yrke', codeColumn: 'hisco' });
    expect(csv('Beroep,Kode', 'bouman,61220')).toEqual({ titleColumn: 'Beroep', codeColumn: 'Kode' });
    expect(csv('erhverv,hisco', 'Skibskaptajn,04217')).toEqual({ titleColumn: 'erhverv', codeColumn: 'hisco' });
  });

  it('takes the one column of words as the titles when no name says so', () => {
    expect(csv('Bezeichnung,Anzahl', 'Bäckermeister,12', 'Schneider,3')).toEqual({ titleColumn: 'Bezeichnung', codeColumn: null });
  });

  it('guesses nothing when nothing is convincing', () => {
    // Two columns of words, neither named like titles.
    expect(csv('name,place,year', 'Anna Berg,Uppsala,1890', 'Erik Lund,Gävle,1891')).toEqual({ titleColumn: null, codeColumn: null });
    // Named like codes, but holding words; named like titles, but holding numbers.
    expect(csv('title,hisco', '12,Tailor', '13,Baker')).toEqual({ titleColumn: null, codeColumn: null });
    // Numbers are not codes without a name that says so.
    expect(csv('id,n,total', '1,2,3', '2,5,8')).toEqual({ titleColumn: null, codeColumn: null });
    // A header without rows shows nothing to judge by.
    expect(guessColumns(['title', 'hisco'], [])).toEqual({ titleColumn: null, codeColumn: null });
    expect(guessColumns([], [])).toEqual({ titleColumn: null, codeColumn: null });
  });

  it('never takes one column for both', () => {
    expect(csv('occupation', 'baker', 'smith')).toEqual({ titleColumn: 'occupation', codeColumn: null });
    expect(csv('hisco', '01110', '75145')).toEqual({ titleColumn: null, codeColumn: 'hisco' });
  });
});

describe('how much a column name says', () => {
  it('scores one that is a name, numbered, begins or ends with one, or holds a long one', () => {
    expect(nameScore('HISCO', ['hisco'])).toBe(1);
    expect(nameScore('hisco_1', ['hisco'])).toBe(0.9);
    expect(nameScore('esco_code', ['esco'])).toBe(0.7);
    expect(nameScore('en_hisco_text', ['hisco'])).toBe(0.4);
    expect(nameScore('associated', ['soc'])).toBe(0);
  });
});
