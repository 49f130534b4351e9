import type { DiagramDatum } from '../diagram/tree-layout';
import { cardTitle } from './diagram-parts';

/** A tree as nested lists, for screen readers: what the drawing shows, code by code. */
export function TreeTextList({ nodes }: { nodes: readonly DiagramDatum[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.id}>
          {cardTitle(node)}
          {node.children.length > 0 && <TreeTextList nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}
