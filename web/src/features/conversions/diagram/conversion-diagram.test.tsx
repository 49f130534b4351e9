import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConversionDiagram } from './conversion-diagram';
import { buildConversionTree } from './conversion-tree';
import { origin, record } from './diagram-fixtures';

// No DOM in the unit project: the diagram is rendered to markup and read back with a regular
// expression per element, which is enough to check what it draws and how it names it.
function render(records: Parameters<typeof buildConversionTree>[0]['records'], selected: string | null = null) {
  const tree = buildConversionTree({ records, origin, targetScheme: 'hisco', targetDepth: 3 });
  return renderToStaticMarkup(
    <MantineProvider>
      <ConversionDiagram tree={tree} selected={selected} onSelectNode={() => {}} />
    </MantineProvider>,
  );
}

/** The opening tag of the element with a test id. */
function tagOf(markup: string, testId: string): string {
  const found = markup.match(new RegExp(`<[a-z]+ [^>]*data-testid="${testId}"[^>]*>`));
  if (!found) throw new Error(`No element ${testId}`);
  return found[0];
}

const records = [
  record('7', null, { name: 'Agricultural, animal husbandry and forestry workers, fishermen and hunters' }),
  record('71', '7'),
  record('711', '71'),
  record('712', '71'),
  record('71105', '711', { isLink: true, label: '7-11.05', name: 'Farm labourer' }),
  record('71205', '712', { isLink: true, isSpecialParent: true, path: 'default-to-parent' }),
  record('8', null),
];

describe('ConversionDiagram', () => {
  it('draws a scalable 1100×600 SVG with the origin and a node per record', () => {
    const markup = render(records);
    const svg = tagOf(markup, 'conversion-diagram');
    expect(svg).toContain('viewBox="0 0 1100 600"');
    expect(svg).toContain('aria-label="Conversion diagram"');
    expect(tagOf(markup, 'diagram-origin')).toContain('aria-label="X Agricultural labourer, the source code"');
    for (const value of ['7', '71', '711', '712', '71105', '71205', '8']) expect(markup).toContain(`data-testid="diagram-node-${value}"`);
    expect(markup).toContain('data-testid="diagram-legend"');
  });

  it('marks links, special parents and problems on the node, focusable and named by code and name', () => {
    const markup = render(records, '71105');
    const linked = tagOf(markup, 'diagram-node-71105');
    expect(linked).toMatch(/data-link="true"/);
    expect(linked).toMatch(/data-problem="false"/);
    expect(linked).toMatch(/tabindex="0"/);
    expect(linked).toMatch(/role="button"/);
    expect(linked).toMatch(/data-selected="true"/);
    expect(linked).toContain('aria-label="7-11.05 Farm labourer, linked"');
    expect(tagOf(markup, 'diagram-node-71205')).toMatch(/data-special="true"/);
    // The two links fall in units 711 and 712 at depth 3.
    for (const value of ['711', '712']) {
      const unit = tagOf(markup, `diagram-node-${value}`);
      expect(unit).toMatch(/data-problem="true"/);
      expect(unit).toContain('There is a problem with this aggregation.');
    }
    expect(markup.match(/<title>There is a problem with this aggregation.<\/title>/g)).toHaveLength(2);
    expect(tagOf(markup, 'diagram-node-8')).toMatch(/data-link="false"[^>]*data-problem="false"/);
  });

  it('shows the code and the wrapped name, the full name when cut', () => {
    const markup = render(records);
    expect(markup).toContain('>7-11.05</text>');
    expect(markup).toContain('<title>Agricultural, animal husbandry and forestry workers, fishermen and hunters</title>');
    expect(markup).toMatch(/> Agricultural,<\/tspan>.*> animal<\/tspan>.*> husbandry and…<\/tspan>/);
  });

  it('draws an edge from X to every linked node', () => {
    const markup = render(records);
    expect(markup.match(/data-kind="link"/g)).toHaveLength(2);
    expect(markup.match(/data-kind="link" data-special="true"/g)).toHaveLength(1);
  });
});
