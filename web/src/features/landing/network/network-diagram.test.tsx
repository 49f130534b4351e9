import { MantineProvider } from '@mantine/core';
import type { SchemeId } from '@og/shared/domain/schemes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NetworkDiagram } from './network-diagram';
import { networkEdges } from './network-edges';
import { networkNodes } from './network-nodes';

// No DOM in the unit project: the diagram is rendered to markup and read back per element.
function render(codeCounts: Partial<Record<SchemeId, number>>, pairs: Parameters<typeof networkEdges>[0]) {
  const counts = new Map(Object.entries(codeCounts) as [SchemeId, number][]);
  const withCodes = new Set([...counts].filter(([, count]) => count > 0).map(([scheme]) => scheme));
  return renderToStaticMarkup(
    <MantineProvider>
      <NetworkDiagram nodes={networkNodes} edges={networkEdges(pairs, networkNodes, withCodes)} codeCounts={counts} />
    </MantineProvider>,
  );
}

function tagOf(markup: string, testId: string): string {
  const found = markup.match(new RegExp(`<[a-z]+ [^>]*data-testid="${testId}"[^>]*>`));
  if (!found) throw new Error(`No element ${testId}`);
  return found[0];
}

const everyScheme = Object.fromEntries(networkNodes.map((node) => [node.scheme, 100])) as Record<SchemeId, number>;

describe('NetworkDiagram', () => {
  it('draws a scalable 600×330 SVG with a node per scheme', () => {
    const markup = render(everyScheme, []);
    expect(tagOf(markup, 'scheme-network')).toContain('viewBox="0 0 600 330"');
    for (const node of networkNodes) expect(tagOf(markup, `network-node-${node.scheme}`)).toContain('data-has-data="true"');
    expect(markup).not.toContain('data-testid="legend-no-data"');
  });

  it('draws each linked pair as a keyboard-focusable edge that names its count', () => {
    const markup = render(everyScheme, [{ schemes: ['isco08', 'esco'], count: 3_012 }]);
    const edge = tagOf(markup, 'network-edge-esco-isco08');
    expect(edge).toContain('tabindex="0"');
    expect(edge).toContain('aria-label="ISCO08 – ESCO: 3,012 links"');
    expect(markup).toContain('<title>ISCO08 – ESCO: 3,012 links</title>');
    expect(markup.match(/data-testid="network-edge-/g)).toHaveLength(1);
  });

  it('shows schemes without codes as such, in the legend too, and never connected', () => {
    const markup = render({ ...everyScheme, pst: 0, psti: 0 }, [{ schemes: ['pst', 'hisco'], count: 50 }]);
    expect(tagOf(markup, 'network-node-pst')).toContain('data-has-data="false"');
    expect(tagOf(markup, 'network-node-pst')).toContain('aria-label="PST: no data yet"');
    expect(tagOf(markup, 'network-node-hisco')).toContain('aria-label="HISCO: 100 codes"');
    expect(markup).toContain('data-testid="legend-no-data"');
    expect(markup).toContain('No data yet');
    expect(markup).not.toContain('data-testid="network-edge-');
  });
});
