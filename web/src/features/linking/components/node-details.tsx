import { ActionIcon, Badge, Code, Group, Paper, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { LinkMaps, LinkRelation, StaleLinks } from '@og/shared/contracts/links';
import { suggestionsFor, type SuggestionsFile } from '@og/shared/contracts/suggestions';
import type { CodeRecord, TreeNode } from '@og/shared/contracts/schemes';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconHandClick, IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useCodeSuggestionsQuery } from '../api/link-suggestions';
import type { LinkEdits } from '../hooks/use-link-edits';
import { nodeLinkFacts } from '../link-facts';
import type { CodeRef } from '../link-map-changes';
import { otherSide, type Side } from '../linking-address';
import { flagsOfCode } from '../stale-link-flags';
import { LinkToDescendants } from './link-to-descendants';
import { LinkingOffers } from './linking-offers';
import { sideTitles } from './linking-tree-panel';
import { NodeLinkCounts } from './node-link-counts';
import { NodeLinksList } from './node-links-list';
import { StaleLinkNotice, type StaleLinkActions } from './stale-link-notice';
import { SuggestionButton, type SuggestedCode } from './suggestion-button';

/** SPEC §2: the node description popover is 320 px wide. */
const descriptionWidth = 320;

export interface NodeDetailsProps {
  side: Side;
  scheme: SchemeId;
  otherScheme: SchemeId;
  selected: string | null;
  node: TreeNode | undefined;
  lookup: Readonly<Record<string, CodeRecord>> | undefined;
  otherLookup: Readonly<Record<string, CodeRecord>> | undefined;
  /** The code selected on the other side. */
  otherNode: TreeNode | undefined;
  /** The relation picked for new links, read from the other side's code to this side's. */
  relationFromOther: LinkRelation;
  maps: LinkMaps | undefined;
  edits: LinkEdits;
  canEdit: boolean;
  onSelectOther: (value: string) => void;
  onOpenSubtree: (side: Side, ids: string[], title: string) => void;
  /** The pair's links flagged 'changed since linked', and what an admin can do about one. */
  staleLinks: StaleLinks | undefined;
  staleActions: StaleLinkActions;
  nameOf: (code: CodeRef) => string;
  /** The pair's suggestions file, when there is one. */
  suggestions: SuggestionsFile | null | undefined;
}

/** A selected code: badges, link counts, its links and the linking offers, towards the other side's scheme. */
export function NodeDetails(props: NodeDetailsProps) {
  const { side, scheme, selected, node, lookup } = props;
  const testId = `${side}-details`;
  let body;
  if (selected === null) body = <NothingSelected side={side} scheme={scheme} />;
  else if (!node || !lookup?.[node.value])
    body = lookup ? (
      <Text size="sm" c="dimmed" data-testid={`${testId}-not-found`}>
        {schemeById(scheme).label} has no code <Code>{selected}</Code>.
      </Text>
    ) : null;
  else body = <SelectedCode {...props} node={node} record={lookup[node.value]!} lookup={lookup} testId={testId} />;
  return (
    <Paper withBorder radius="md" p="md" style={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Stack gap="sm">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {sideTitles[side]} · {schemeById(scheme).label}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

function NothingSelected({ side, scheme }: { side: Side; scheme: SchemeId }) {
  return (
    <Group gap="xs" c="dimmed" wrap="nowrap">
      <IconHandClick size={18} />
      <Text size="sm">
        Select a code in the {sideTitles[side].toLowerCase()} tree ({schemeById(scheme).label}) to see its links.
      </Text>
    </Group>
  );
}

type SelectedCodeProps = NodeDetailsProps & { node: TreeNode; record: CodeRecord; lookup: Readonly<Record<string, CodeRecord>>; testId: string };

function SelectedCode(props: SelectedCodeProps) {
  const { side, scheme, otherScheme, node, record, lookup, otherLookup, otherNode, relationFromOther, maps, edits, canEdit, onSelectOther, onOpenSubtree, testId } = props;
  const facts = useMemo(() => nodeLinkFacts(maps, scheme, otherScheme, node), [maps, scheme, otherScheme, node]);
  const code = useMemo(() => ({ scheme, value: node.value }), [scheme, node.value]);
  const flags = useMemo(() => flagsOfCode(props.staleLinks, code), [props.staleLinks, code]);
  const fromFile = useMemo(
    () => (props.suggestions && facts.entryCount === 0 ? suggestionsFor(props.suggestions, scheme, otherScheme, node.value) : []),
    [props.suggestions, facts.entryCount, scheme, otherScheme, node.value],
  );
  // The pair's suggestions file wins where it names the code; otherwise the suggestion job's candidates (issue 31).
  const fromJob = useCodeSuggestionsQuery(scheme, otherScheme, facts.entryCount === 0 && fromFile.length === 0 ? node.value : null).data;
  const suggested = useMemo<readonly SuggestedCode[]>(
    () => (fromFile.length > 0 ? fromFile.map((code) => ({ code })) : facts.entryCount === 0 ? (fromJob?.codes[node.value] ?? []) : []),
    [fromFile, fromJob, facts.entryCount, node.value],
  );
  return (
    <>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} dir="auto" data-testid={`${testId}-name`}>
            {node.name}
          </Title>
          {record.description && <Description description={record.description} testId={`${testId}-description`} />}
        </Group>
        <Group gap={6}>
          <Code>{node.label}</Code>
          {facts.unlinkable && (
            <Badge size="sm" color="orange" variant="light" tt="none" data-testid={`${testId}-unlinkable`}>
              unlinkable
            </Badge>
          )}
          {facts.defaultsToParent && (
            <Badge size="sm" color="blue" variant="light" tt="none" data-testid={`${testId}-defaults-to-parent`}>
              defaults to parent
            </Badge>
          )}
        </Group>
      </Stack>
      <StaleLinkNotice
        code={code}
        otherScheme={otherScheme}
        flags={flags}
        nameOf={props.nameOf}
        actions={props.staleActions}
        canEdit={canEdit}
        pending={edits.pending || props.staleActions.confirming}
        testId={`${testId}-stale`}
      />
      <NodeLinkCounts facts={facts} name={node.name} onOpenSubtree={(ids, title) => onOpenSubtree(otherSide(side), ids, title)} testId={`${testId}-count`} />
      {suggested.length > 0 && <SuggestionButton suggested={suggested} otherLookup={otherLookup} onSelect={onSelectOther} testId={`${testId}-suggestions`} />}
      {maps && <NodeLinksList side={side} maps={maps} code={code} otherScheme={otherScheme} linked={facts.direct} otherLookup={otherLookup} onSelect={onSelectOther} testId={`${testId}-links`} />}
      <LinkingOffers
        code={code}
        name={node.name}
        towards={otherScheme}
        facts={facts}
        edits={edits}
        canEdit={canEdit && maps !== undefined}
        testId={`${testId}-offer`}
        linkToDescendants={(enabled) => (
          <LinkToDescendants
            enabled={enabled}
            node={node}
            scheme={scheme}
            lookup={lookup}
            subject={otherNode}
            subjectScheme={otherScheme}
            maps={maps}
            relation={relationFromOther}
            onLink={(ids) => otherNode && edits.linkMany({ scheme: otherScheme, value: otherNode.value }, scheme, ids, relationFromOther)}
            onShow={(ids) => onOpenSubtree(side, ids, `Codes to link below ${node.name}`)}
            testId={`${testId}-offer-link-to-descendants`}
          />
        )}
      />
    </>
  );
}

function Description({ description, testId }: { description: string; testId: string }) {
  return (
    <Popover width={descriptionWidth} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Description" data-testid={testId}>
          <IconInfoCircle size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={320} type="auto">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} dir="auto">
            {description}
          </Text>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
