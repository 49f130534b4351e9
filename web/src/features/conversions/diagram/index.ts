// The conversion diagram's public face (issue 14): the pages import from here, never from the files
// behind it, so the diagram can change inside without touching them.
export { buildConversionTree, diagramNodes, originValue, type ConversionTreeInput, type DiagramOrigin } from './conversion-tree';
export { problemTooltip, problemValues } from './diagram-problems';
export {
  conversionDiagramReducer,
  initialConversionDiagramState,
  linkedValues,
  type ConversionDiagramAction,
  type ConversionDiagramState,
} from './diagram-actions';
export { labelCharsPerLine, labelMaxLines, wrapLabel } from './wrap-label';
export { diagramCanvas, diagramMargin, labelFont, layoutConversionDiagram, nodeBox, type DiagramLayout, type PlacedNode } from './diagram-layout';
export { ConversionDiagram, type ConversionDiagramProps } from './conversion-diagram';
