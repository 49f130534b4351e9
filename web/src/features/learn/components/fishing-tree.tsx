import { Alert, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useSchemeTreeQuery } from '../../../lib/schemes/get-scheme-tree';
import { codeBranch } from '../diagram/code-branch';
import { fishingTree } from '../diagram/learn-examples';
import { type DiagramDatum, diagramDatum, layoutTree, type TreeLayout } from '../diagram/tree-layout';
import { levelDelay, useGrowIn } from '../hooks/use-grow-in';
import { DiagramCard, DrawnCurve, schemeTone } from './diagram-parts';
import classes from './learn-diagram.module.css';
import { TreeTextList } from './tree-text-list';

const headingRow = 30;
const margin = 4;

/** The fishing-occupation tree: HISCO's fishermen, read from the scheme's data. */
export function FishingTree() {
  const tree = useSchemeTreeQuery(fishingTree.scheme);
  const datum = useMemo(() => {
    const branch = tree.data ? codeBranch(tree.data, fishingTree.minorGroup) : null;
    return branch ? diagramDatum(branch, fishingTree.scheme) : null;
  }, [tree.data]);

  if (tree.isError) {
    return <LoadErrorAlert title="The HISCO tree could not be loaded" message={tree.error.message} onRetry={() => void tree.refetch()} data-testid="fishing-tree-error" />;
  }
  if (tree.isPending) return <Skeleton height={560} data-testid="fishing-tree-loading" />;
  if (!datum) {
    return (
      <Alert color="gray" title="HISCO has no fishermen yet" data-testid="fishing-tree-missing">
        HISCO's minor group {fishingTree.minorGroup} is not among its codes, so there is no fishing tree to draw.
      </Alert>
    );
  }
  return <FishingTreeDrawing datum={datum} />;
}

/** The minor group's card: the second level of the branch. */
function minorGroupOf(datum: DiagramDatum): DiagramDatum {
  return datum.children[0] ?? datum;
}

function FishingTreeDrawing({ datum }: { datum: DiagramDatum }) {
  const titleId = useId();
  const layout = useMemo(() => layoutTree(datum, { columns: fishingTree.columns, columnGap: 44, rowGap: 10 }), [datum]);
  const minorGroup = minorGroupOf(datum);
  const inColumn = (column: number) => layout.cards.filter((card) => card.column === column).length;
  const summary = `HISCO's classification tree for minor group ${minorGroup.code} ${minorGroup.name}: its major group, the minor group, ${inColumn(2)} unit groups and ${inColumn(3)} occupations.`;

  return (
    <Stack gap="md" data-testid="fishing-tree">
      <Stack gap={6} maw={760}>
        <Title order={2} size="h3">
          A classification tree: HISCO's fishermen
        </Title>
        <Text>
          A classification scheme sorts occupations into a tree. HISCO has four levels: a major group (one digit) is split into
          minor groups (two digits), a minor group into unit groups (three digits), and a unit group into occupations (five
          digits). Each code sits under exactly one parent, so an occupation also belongs to every group above it.
        </Text>
        <Text>
          Below is HISCO's minor group {minorGroup.code}, “{minorGroup.name}”, under major group {datum.code}, as it is in the
          scheme's data: read a branch from left to right to go from the broadest group to a single occupation.
        </Text>
      </Stack>
      <figure className={classes.figure} style={schemeTone('blue')}>
        <div className={classes.scroller} tabIndex={0} role="region" aria-label="HISCO's fishermen tree">
          <TreeDrawing layout={layout} titleId={titleId} summary={summary} />
        </div>
        <VisuallyHidden component="figcaption" data-testid="fishing-tree-text">
          {summary}
          <TreeTextList nodes={[datum]} />
        </VisuallyHidden>
      </figure>
    </Stack>
  );
}

interface TreeDrawingProps {
  layout: TreeLayout;
  titleId: string;
  summary: string;
}

function TreeDrawing({ layout, titleId, summary }: TreeDrawingProps) {
  // Each column grows in after the one before it; a branch is drawn as its child's card moves out.
  const delays = useMemo(
    () => [...layout.cards.map((card) => card.column * levelDelay), ...layout.links.map((link) => link.target.column * levelDelay)],
    [layout],
  );
  const springs = useGrowIn(delays);
  const cards = layout.cards.length;
  const width = layout.width + 2 * margin;
  const height = layout.height + headingRow + 2 * margin;

  return (
    <svg className={classes.diagram} viewBox={`${-margin} ${-margin - headingRow} ${width} ${height}`} role="img" aria-labelledby={titleId} data-testid="fishing-tree-drawing">
      <title id={titleId}>{summary}</title>
      {fishingTree.levels.map((level, column) => (
        <text key={level} className={classes.heading} x={layout.columnX[column]} y={-headingRow + 14}>
          {level}
        </text>
      ))}
      {layout.links.map((link, index) => (
        <DrawnCurve key={link.id} path={link.path} grown={springs[cards + index]!.grown} className={classes.branch} testId={`tree-branch-${link.target.id}`} />
      ))}
      {layout.cards.map((card, index) => (
        <DiagramCard key={card.id} card={card} grown={springs[index]!.grown} />
      ))}
    </svg>
  );
}
