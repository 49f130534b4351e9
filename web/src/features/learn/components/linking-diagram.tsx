import { Alert, List, Loader, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { schemeById } from '@og/shared/domain/schemes';
import { useId, useMemo } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useSchemeTreeQuery } from '../../../lib/schemes/get-scheme-tree';
import { codeBranch } from '../diagram/code-branch';
import { fisheryLinking } from '../diagram/learn-examples';
import { type CrossLink, linkedCodesDatum, type LinkingLayout, linkingLayout } from '../diagram/linking-layout';
import { type DiagramDatum, diagramDatum } from '../diagram/tree-layout';
import { levelDelay, useGrowIn } from '../hooks/use-grow-in';
import { useLinkedCodes } from '../hooks/use-linked-codes';
import { cardTitle, DiagramCard, DrawnCurve, schemeTone } from './diagram-parts';
import classes from './learn-diagram.module.css';
import { TreeTextList } from './tree-text-list';

const headingRow = 30;
const margin = 4;
const linkStagger = 120;
const schemeLabel = schemeById(fisheryLinking.scheme).label;
const linkedLabel = schemeById(fisheryLinking.linkedScheme).label;
const tones = { linked: 'grape', scheme: 'teal' } as const;

/** Linking and translation between two schemes: ESCO's fishery occupations and the ISCO-08 unit groups they are linked to. */
export function LinkingDiagram() {
  const tree = useSchemeTreeQuery(fisheryLinking.scheme);
  const linked = useLinkedCodes(fisheryLinking.scheme, fisheryLinking.unitGroups, fisheryLinking.linkedScheme);
  const schemeDatum = useMemo(() => {
    const branch = tree.data ? codeBranch(tree.data, fisheryLinking.minorGroup, { top: fisheryLinking.minorGroup, children: fisheryLinking.unitGroups }) : null;
    return branch ? diagramDatum(branch, fisheryLinking.scheme) : null;
  }, [tree.data]);

  const error = tree.error ?? linked.error;
  if (error) {
    const retry = () => {
      if (tree.isError) void tree.refetch();
      linked.refetch();
    };
    return <LoadErrorAlert title="The linking diagram could not be loaded" message={error.message} onRetry={retry} data-testid="linking-diagram-error" />;
  }
  if (tree.isPending || linked.isPending) return <Skeleton height={420} data-testid="linking-diagram-loading" />;
  if (!schemeDatum) {
    return (
      <Alert color="gray" title={`${schemeLabel} has no fishery workers yet`} data-testid="linking-diagram-missing">
        {schemeLabel}'s unit groups {fisheryLinking.unitGroups.join(' and ')} are not among its codes, so there is nothing to link.
      </Alert>
    );
  }
  if (linked.links.length === 0) {
    return (
      <Alert color="blue" icon={<Loader size={18} />} title="The crosswalk is still loading" data-testid="crosswalk-loading">
        The {linkedLabel}–{schemeLabel} links are being imported. The diagram is drawn as soon as {schemeLabel}'s fishery unit
        groups have their first links; this page checks again every few seconds.
      </Alert>
    );
  }
  return <LinkingDrawingWithText schemeDatum={schemeDatum} links={linked.links} />;
}

interface LinkingDrawingWithTextProps {
  schemeDatum: DiagramDatum;
  links: ReturnType<typeof useLinkedCodes>['links'];
}

function LinkingDrawingWithText({ schemeDatum, links }: LinkingDrawingWithTextProps) {
  const layout = useMemo(() => {
    const linkedDatum = linkedCodesDatum({ id: fisheryLinking.linkedScheme, name: `${linkedLabel} occupations` }, links, fisheryLinking.unitGroups);
    const crossLinks = links.map((link) => ({
      source: `${link.to.scheme}-${link.to.value}`,
      target: `${fisheryLinking.scheme}-${link.from}`,
      relation: link.to.relation,
    }));
    return {
      linkedDatum,
      drawing: linkingLayout(linkedDatum, schemeDatum, crossLinks, {
        leftColumns: fisheryLinking.linkedColumns,
        rightColumns: fisheryLinking.columns,
        columnGap: 44,
        linkGap: 170,
        rowGap: 14,
      }),
    };
  }, [schemeDatum, links]);
  const example = layout.drawing.links[0] ?? null;
  const summary = `${layout.drawing.links.length} links between ${linkedLabel} occupations (left) and ${schemeLabel} unit groups (right).`;

  return (
    <Stack gap="md" data-testid="linking-diagram">
      <Stack gap={6} maw={760}>
        <Title order={2} size="h3">
          Linking: two schemes side by side
        </Title>
        <Text>
          Every scheme is a tree of its own. A link joins a code of one scheme to a code of another that describes the same
          work: here {linkedLabel}'s fishery occupations (left) are linked to the {schemeLabel} unit groups they belong to
          (right), as the {linkedLabel}–{schemeLabel} crosswalk records them.
        </Text>
      </Stack>
      <figure className={classes.figure}>
        <div className={classes.scroller} tabIndex={0} role="region" aria-label={`${linkedLabel} and ${schemeLabel} linked`}>
          <LinkingDrawing layout={layout.drawing} summary={summary} example={example} />
        </div>
        <VisuallyHidden component="figcaption" data-testid="linking-diagram-text">
          {summary}
          <TreeTextList nodes={[layout.linkedDatum]} />
          <TreeTextList nodes={[schemeDatum]} />
          <ul>
            {layout.drawing.links.map((link) => (
              <li key={link.id}>{`${linkedLabel} ${cardTitle(link.source)} is linked to ${schemeLabel} ${cardTitle(link.target)} (${link.relation})`}</li>
            ))}
          </ul>
        </VisuallyHidden>
      </figure>
      {example && <TranslationStep example={example} />}
    </Stack>
  );
}

/**
 * When each piece starts to grow in, in the drawing's order (cards, then branches, then links):
 * both trees grow from their roots at once, a column at a time; then the links are drawn one by one.
 */
function linkingDelays(layout: LinkingLayout): number[] {
  const cards = [...layout.left.cards, ...layout.right.cards];
  const branches = [...layout.left.links, ...layout.right.links];
  const treesGrown = (Math.max(...cards.map((card) => card.column)) + 1) * levelDelay;
  return [
    ...cards.map((card) => card.column * levelDelay),
    ...branches.map((branch) => branch.target.column * levelDelay),
    ...layout.links.map((_, index) => treesGrown + index * linkStagger),
  ];
}

interface LinkingDrawingProps {
  layout: LinkingLayout;
  summary: string;
  example: CrossLink | null;
}

function LinkingDrawing({ layout, summary, example }: LinkingDrawingProps) {
  const titleId = useId();
  const cards = [...layout.left.cards, ...layout.right.cards];
  const branches = [...layout.left.links, ...layout.right.links];
  const delays = useMemo(() => linkingDelays(layout), [layout]);
  const springs = useGrowIn(delays);
  const isExample = (id: string) => example !== null && (example.source.id === id || example.target.id === id);
  const width = layout.width + 2 * margin;
  const height = layout.height + headingRow + 2 * margin;
  const headingY = -headingRow + 14;
  const linksFrom = layout.left.width;
  const linksTo = layout.width - layout.right.width;

  return (
    <svg className={classes.diagram} viewBox={`${-margin} ${-margin - headingRow} ${width} ${height}`} role="img" aria-labelledby={titleId} data-testid="linking-diagram-drawing">
      <title id={titleId}>{summary}</title>
      <text className={classes.heading} x={layout.left.width / 2} y={headingY} textAnchor="middle">
        {linkedLabel}
      </text>
      <text className={classes.heading} x={(linksFrom + linksTo) / 2} y={headingY} textAnchor="middle">
        Links
      </text>
      <text className={classes.heading} x={linksTo + layout.right.width / 2} y={headingY} textAnchor="middle">
        {schemeLabel}
      </text>
      <g style={schemeTone(tones.linked)}>
        {layout.left.links.map((branch, index) => (
          <DrawnCurve key={branch.id} path={branch.path} grown={springs[cards.length + index]!.grown} className={classes.branch} testId={`tree-branch-${branch.target.id}`} />
        ))}
      </g>
      <g style={schemeTone(tones.scheme)}>
        {layout.right.links.map((branch, index) => (
          <DrawnCurve
            key={branch.id}
            path={branch.path}
            grown={springs[cards.length + layout.left.links.length + index]!.grown}
            className={classes.branch}
            testId={`tree-branch-${branch.target.id}`}
          />
        ))}
      </g>
      {layout.links.map((link, index) => (
        <DrawnCurve
          key={link.id}
          path={link.path}
          grown={springs[cards.length + branches.length + index]!.grown}
          className={classes.link}
          testId={`scheme-link-${link.source.id}-${link.target.id}`}
          example={link.id === example?.id}
        />
      ))}
      {layout.left.cards.map((card, index) => (
        <g key={card.id} style={schemeTone(tones.linked)}>
          <DiagramCard card={card} grown={springs[index]!.grown} example={isExample(card.id)} />
        </g>
      ))}
      {layout.right.cards.map((card, index) => (
        <g key={card.id} style={schemeTone(tones.scheme)}>
          <DiagramCard card={card} grown={springs[layout.left.cards.length + index]!.grown} example={isExample(card.id)} />
        </g>
      ))}
    </svg>
  );
}

/** How a code is read in another scheme: the three paths a translation takes, the first shown in the drawing. */
function TranslationStep({ example }: { example: CrossLink }) {
  return (
    <Stack gap={6} maw={760} data-testid="translation-step">
      <Title order={2} size="h3">
        Translation: reading a code in another scheme
      </Title>
      <Text>
        To translate a code, follow its links. A code of one scheme reaches the other in one of three ways, tried in this
        order:
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          <Text span fw={700}>
            Direct:
          </Text>{' '}
          through its own links (or those of the codes below it). In the drawing, {linkedLabel}'s “{example.source.name}”
          reaches {schemeLabel} {example.target.code} “{example.target.name}” through its own link, the thick line.
        </List.Item>
        <List.Item>
          <Text span fw={700}>
            Default to parent:
          </Text>{' '}
          a code without links of its own that is marked to default to its parent takes its parent's links: it is read as
          whatever the code above it in its tree is linked to.
        </List.Item>
        <List.Item>
          <Text span fw={700}>
            Two hops:
          </Text>{' '}
          when two schemes share no links, a code can still get across through a third scheme linked to both: one link into
          the third scheme, one out of it (HISCO would reach {linkedLabel} through {schemeLabel} this way once HISCO is
          linked to {schemeLabel}).
        </List.Item>
      </List>
    </Stack>
  );
}
