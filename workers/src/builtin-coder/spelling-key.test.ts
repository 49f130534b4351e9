import { describe, expect, it } from 'vitest';
import { spellingKey } from './spelling-key.js';
import { coderNorm } from './title-features.js';

const key = (title: string) => spellingKey(coderNorm(title));

describe('spelling key', () => {
  it('gives spellings of one title the same key', () => {
    expect(key('timmerman')).toBe(key('timerman'));
    expect(key('wijnkoper')).toBe(key('wynkoper'));
    expect(key('boeren knecht')).toBe(key('boerenknecht'));
    expect(key('schaepherder')).toBe(key('schaapherder'));
    expect(key('photographer')).toBe(key('fotografer'));
    expect(key('koopman in thee')).toBe(key('koopman in tee'));
    expect(key('handtwerker')).toBe(key('hantwerker'));
    expect(key('qvarnmästare')).toBe(key('kvarnmastare'));
    expect(key('hwalfångare')).toBe(key('hvalfangare'));
    expect(key('gaardmand')).toBe(key('gårdmand'));
    expect(key('smøraffaer')).toBe(key('smoraffar'));
  });

  it('keeps apart titles that differ in more than spelling', () => {
    expect(key('smid')).not.toBe(key('smit'));
    expect(key('boer')).not.toBe(key('boor'));
    expect(key('jonge')).not.toBe(key('ionge'));
  });
});
