import { describe, expect, it } from 'vitest';
import { buildConversionTree } from './conversion-tree';
import { origin, record } from './diagram-fixtures';
import { captionHeight, diagramCanvas, diagramMargin, layoutConversionDiagram, nodeBox, type PlacedNode } from './diagram-layout';

const treeOf = (records: Parameters<typeof buildConversionTree>[0]['records']) => buildConversionTree({ records, origin, targetScheme: 'hisco' });

/** The area a node takes: its code caption above the box, and the box. */
function area(node: PlacedNode) {
  return { left: node.x - nodeBox.width / 2, right: node.x + nodeBox.width / 2, top: node.y - nodeBox.height / 2 - captionHeight, bottom: node.y + nodeBox.height / 2 };
}

function expectNoOverlap(nodes: PlacedNode[]) {
  const areas = nodes.map(area);
  for (let i = 0; i < areas.length; i++) {
    for (let j = i + 1; j < areas.length; j++) {
      const a = areas[i]!;
      const b = areas[j]!;
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, `${nodes[i]!.node.value} overlaps ${nodes[j]!.node.value}`).toBe(true);
    }
  }
}

function expectInsideMargins(layout: ReturnType<typeof layoutConversionDiagram>) {
  for (const node of layout.nodes) {
    const at = area(node);
    expect(at.left).toBeGreaterThanOrEqual(diagramMargin.left);
    expect(at.right).toBeLessThanOrEqual(layout.width - diagramMargin.right);
    expect(at.top).toBeGreaterThanOrEqual(diagramMargin.top);
    expect(at.bottom).toBeLessThanOrEqual(layout.height - diagramMargin.bottom);
  }
}

describe('layoutConversionDiagram (SPEC §9 canvas, margins and boxes)', () => {
  it('fits a small tree in the 1100×600 canvas, origin first, depth along x', () => {
    const layout = layoutConversionDiagram(treeOf([record('7', null), record('71', '7'), record('711', '71', { isLink: true }), record('712', '71')]));
    expect(layout).toMatchObject({ width: diagramCanvas.width, height: diagramCanvas.height, legendTop: 600 - 70 + 20 });
    expectInsideMargins(layout);
    expectNoOverlap(layout.nodes);
    const x = Object.fromEntries(layout.nodes.map((node) => [node.node.value, node.x]));
    expect(x.X).toBeLessThan(x['7']!);
    expect(x['7']).toBeLessThan(x['71']!);
    expect(x['711']).toBe(x['712']);
  });

  it('draws tree edges and an edge from X to every linked node', () => {
    const layout = layoutConversionDiagram(treeOf([record('7', null, { isLink: true }), record('71', '7'), record('711', '71', { isLink: true }), record('8', null)]));
    const edges = layout.edges.map((edge) => `${edge.kind} ${edge.from.node.value}→${edge.to.node.value}`);
    expect(edges.sort()).toEqual(['link X→7', 'link X→711', 'tree 71→711', 'tree 7→71', 'tree X→8']);
    for (const edge of layout.edges) expect(edge.path).toMatch(/^M[\d.]+,[\d.]+C/);
  });

  it('keeps a hundred targets of one code apart by making the canvas taller', () => {
    const leaves = Array.from({ length: 100 }, (_, index) => record(`711${String(index).padStart(2, '0')}`, '711', { isLink: true }));
    const layout = layoutConversionDiagram(treeOf([record('7', null), record('71', '7'), record('711', '71'), ...leaves]));
    expect(layout.nodes).toHaveLength(104);
    expect(layout.width).toBe(diagramCanvas.width);
    expect(layout.height).toBeGreaterThan(100 * (nodeBox.height + captionHeight));
    expectInsideMargins(layout);
    expectNoOverlap(layout.nodes);
  });

  it('keeps a hundred nodes spread over many parents and depths apart', () => {
    const records = [];
    for (let major = 1; major <= 5; major++) {
      records.push(record(`${major}`, null));
      for (let minor = 0; minor < 4; minor++) {
        records.push(record(`${major}${minor}`, `${major}`));
        for (let unit = 0; unit < 4; unit++) records.push(record(`${major}${minor}${unit}`, `${major}${minor}`, { isLink: unit === 0 }));
      }
    }
    const layout = layoutConversionDiagram(treeOf(records));
    expect(layout.nodes).toHaveLength(1 + 5 + 20 + 80);
    expectInsideMargins(layout);
    expectNoOverlap(layout.nodes);
  });

  it('widens the canvas for a tree too deep for its columns', () => {
    const chain = Array.from({ length: 12 }, (_, index) => record(`c${index}`, index === 0 ? null : `c${index - 1}`));
    const layout = layoutConversionDiagram(treeOf(chain));
    expect(layout.width).toBeGreaterThan(diagramCanvas.width);
    expectInsideMargins(layout);
    expectNoOverlap(layout.nodes);
  });

  it('wraps names into at most three lines and says when one is cut', () => {
    const layout = layoutConversionDiagram(treeOf([record('7', null, { name: 'Other agricultural, animal husbandry and forestry workers' }), record('8', null, { name: 'Fishermen' })]));
    const byValue = new Map(layout.nodes.map((node) => [node.node.value, node]));
    expect(byValue.get('7')).toMatchObject({ lines: ['Other', 'agricultural,', 'animal…'], truncated: true, caption: '7' });
    expect(byValue.get('8')).toMatchObject({ lines: ['Fishermen'], truncated: false });
  });
});
