import { describe, expect, it } from 'vitest';
import {
  batchSavedWords,
  batchUndoneWords,
  isTickAllKey,
  isTickResultKey,
  nextPastTicked,
  noTicks,
  rowsWords,
  tickAllShown,
  tickedBeside,
  toggleTick,
} from './ticked-entries';

const key = (name: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('entries ticked beside the one on screen', () => {
  it('ticks and unticks strings, never the entry itself', () => {
    let ticks = toggleTick(noTicks, 'skomager', 'skomagere');
    ticks = toggleTick(ticks, 'skomager', 'Skomager.');
    ticks = toggleTick(ticks, 'skomager', 'skomager');
    expect(tickedBeside(ticks, 'skomager')).toEqual(['skomagere', 'Skomager.']);
    ticks = toggleTick(ticks, 'skomager', 'skomagere');
    expect(tickedBeside(ticks, 'skomager')).toEqual(['Skomager.']);
  });

  it('belong to the entry they were made on: another entry starts with none', () => {
    const ticks = toggleTick(noTicks, 'skomager', 'skomagere');
    expect(tickedBeside(ticks, 'smed')).toEqual([]);
    expect(tickedBeside(ticks, null)).toEqual([]);
    // A tick made on the next entry starts afresh.
    expect(tickedBeside(toggleTick(ticks, 'smed', 'smedesvend'), 'smed')).toEqual(['smedesvend']);
  });

  it('`a` ticks every entry shown, keeping those ticked in the search, and a second `a` unticks the shown ones', () => {
    const fromSearch = toggleTick(noTicks, 'hans kone', 'konen');
    const all = tickAllShown(fromSearch, 'hans kone', ['deres kone', 'hans kone', 'hans kone og barn']);
    expect(tickedBeside(all, 'hans kone')).toEqual(['konen', 'deres kone', 'hans kone og barn']);
    expect(tickedBeside(tickAllShown(all, 'hans kone', ['deres kone', 'hans kone og barn']), 'hans kone')).toEqual(['konen']);
    // With some shown ticked, `a` ticks the rest.
    const some = toggleTick(noTicks, 'hans kone', 'deres kone');
    expect(tickedBeside(tickAllShown(some, 'hans kone', ['deres kone', 'hans kone og barn']), 'hans kone')).toEqual(['deres kone', 'hans kone og barn']);
    expect(tickAllShown(some, 'hans kone', [])).toBe(some);
  });

  it('after a save moves past the ticked entries by their reads, or says it does not know where', () => {
    const read: Record<string, string | null> = { b: 'c', c: 'd' }; // d not read ahead
    const nextOf = (string: string) => read[string];
    expect(nextPastTicked('b', [], nextOf)).toBe('b');
    expect(nextPastTicked('b', ['b', 'c'], nextOf)).toBe('d');
    expect(nextPastTicked('b', ['b', 'c', 'd'], nextOf)).toBeUndefined();
    expect(nextPastTicked('b', ['b', 'c', 'd'], (string) => (string === 'd' ? null : read[string]))).toBeNull();
    expect(nextPastTicked('x', ['x'], nextOf)).toBeUndefined();
    expect(nextPastTicked(null, ['b'], nextOf)).toBeNull();
  });

  it('takes `a` alone and Shift+Enter, leaving Ctrl+A and plain Enter alone', () => {
    expect(isTickAllKey(key('a'))).toBe(true);
    expect(isTickAllKey(key('A'))).toBe(true);
    expect(isTickAllKey(key('a', { ctrlKey: true }))).toBe(false);
    expect(isTickAllKey(key('a', { metaKey: true }))).toBe(false);
    expect(isTickAllKey(key('s'))).toBe(false);
    expect(isTickResultKey(key('Enter', { shiftKey: true }))).toBe(true);
    expect(isTickResultKey(key('Enter'))).toBe(false);
    expect(isTickResultKey(key('Enter', { shiftKey: true, ctrlKey: true }))).toBe(false);
  });

  it('words the notices and rows', () => {
    expect(batchSavedWords(4, 1)).toBe('Mapped 4 entries to 1 URI(s)');
    expect(batchSavedWords(1, 2)).toBe('Mapped 1 entry to 2 URI(s)');
    expect(batchUndoneWords({ undone: 4, skipped: 0 })).toBe('4 entries given back their mapping from before');
    expect(batchUndoneWords({ undone: 3, skipped: 1 })).toBe('3 entries given back their mapping from before; 1 entry left alone (changed since)');
    expect(rowsWords(1)).toBe('1 row');
    expect(rowsWords(1200)).toBe('1,200 rows');
    expect(rowsWords(0)).toBeNull();
  });
});
