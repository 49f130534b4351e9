import { MantineProvider } from '@mantine/core';
import type { EntryContext } from '@og/shared/contracts/prediction-reading';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EntryContextLines } from './entry-context';

// No DOM in the unit project: the lines are rendered to markup and read back.
const render = (context: EntryContext[] | undefined) =>
  renderToStaticMarkup(
    <MantineProvider>
      <EntryContextLines context={context} nodeDetails={{ 'hisco:61110': { name: 'General farmer', codeValue: '61110' } }} />
    </MantineProvider>,
  );

const itemTexts = (markup: string) =>
  [...markup.matchAll(/data-testid="entry-context-item"[^>]*>(.*?)<\/p>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'"));

describe('EntryContextLines', () => {
  it('shows one line a kept column, in the order given', () => {
    const markup = render([
      { column: 'Year', kind: 'context', values: [{ value: '1881', count: 3 }, { value: '1882', count: 1 }] },
      { column: 'hisco_1', kind: 'reference', values: [{ value: '61110', count: 1, uri: 'hisco:61110' }] },
    ]);
    expect(markup).toContain('data-testid="entry-context"');
    expect(itemTexts(markup)).toEqual(['Year: 1881 ×3 · 1882', 'Reference code (hisco_1): 61110 General farmer']);
  });

  it('shows nothing when the entry keeps no context', () => {
    expect(render(undefined)).not.toContain('entry-context');
    expect(render([])).not.toContain('entry-context');
  });
});
