import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Paper, Skeleton, Spoiler, Stack, Text, Tooltip } from '@mantine/core';
import type { Conversion, ConversionCodeDetail, ConversionDiagramNode, ConversionSourceCode } from '@og/shared/contracts/conversions';
import type { SchemeTree } from '@og/shared/contracts/schemes';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconLink, IconLinkOff, IconPlus, IconRestore, IconTargetArrow } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyAdmin } from '../../../lib/notify';
import { useConversionQuery } from '../api/get-conversion';
import { useConversionCodeQuery } from '../api/get-conversion-code';
import { useConversionResultQuery } from '../api/get-conversion-result';
import { useRemoveConversionDecision, useSaveConversionDecision } from '../api/save-conversion-decision';
import { codeWalkPosition } from '../code-walk';
import { formatAmount, formatFraction, pathLabels, reasonLabels } from '../conversion-format';
import { conversionCodePath, conversionPath } from '../conversion-paths';
import { ConversionDiagram } from '../diagram/conversion-diagram';
import { buildConversionTree, originValue } from '../diagram/conversion-tree';
import { sharesByLabel } from '../diagram/diagram-shares';
import { conversionDiagramReducer, initialConversionDiagramState, linkedValues } from '../diagram/diagram-actions';
import { problemTooltip, problemValues } from '../diagram/diagram-problems';
import { sameValues, targetCodeRecords, withLinks } from '../target-records';
import { ConversionHeader, conversionSubject, schemeLabel as labelOfScheme } from './conversion-header';
import { ConversionLoadError, ScreenSkeleton } from './conversion-result-screen';
import { TargetTreeDrawer } from './target-tree-drawer';
import { WhatsGoingOn } from './whats-going-on';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface ConversionCodeScreenProps {
  conversionId: string;
  /** The source code, `scheme:code`. */
  uri: string;
  /** Admins may also write a decision into the crosswalk. */
  isAdmin: boolean;
}

/**
 * `/convert/{conversionId}/codes/{uri}`, SPEC §2 "Conversion prototype page": one source code of
 * the conversion as a diagram of the target tree (origin 'X', links highlighted, problem nodes
 * flagged), the drawer to link other codes, and 'Save and next' through the problematic codes.
 */
export function ConversionCodeScreen({ conversionId, uri, isAdmin }: ConversionCodeScreenProps) {
  const conversion = useConversionQuery(conversionId);
  const detail = useConversionCodeQuery(conversionId, uri);
  const result = useConversionResultQuery(conversionId, conversion.data?.state === 'ready');

  if (conversion.isPending) return <ScreenSkeleton />;
  if (conversion.isError) return <ConversionLoadError error={conversion.error} onRetry={() => void conversion.refetch()} />;
  const codes = result.data?.codes;

  return (
    <Stack gap="md" data-testid="conversion-code-screen">
      <title>{`${detail.data?.source.name ?? 'Code'} · ${conversionSubject(conversion.data)} · The Occupation Graph`}</title>
      <ConversionHeader
        conversion={conversion.data}
        linkToResult
        title={detail.data ? `${detail.data.source.name || detail.data.source.code}` : 'Source code'}
      >
        {codes && <WalkNavigation conversionId={conversionId} uri={uri} codes={codes} />}
      </ConversionHeader>
      {detail.isPending ? (
        <Stack gap="md" aria-busy data-testid="conversion-code-loading">
          <Skeleton height={90} radius="md" />
          <Skeleton height={420} radius="md" />
        </Stack>
      ) : detail.isError ? (
        <LoadErrorAlert title="This code could not be read" message={detail.error.message} onRetry={() => void detail.refetch()} data-testid="conversion-code-error" />
      ) : (
        <CodeEditor
          // A new code, or a decision saved or removed elsewhere, starts the diagram afresh.
          key={`${uri}|${JSON.stringify(detail.data.decision)}`}
          conversion={conversion.data}
          detail={detail.data}
          isAdmin={isAdmin}
        />
      )}
    </Stack>
  );
}

/** 'Code 3 of 120 · problematic 2 of 9', with the previous and next code of the walk. */
function WalkNavigation({ conversionId, uri, codes }: { conversionId: string; uri: string; codes: readonly ConversionSourceCode[] }) {
  const position = codeWalkPosition(codes, uri);
  if (position.index < 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="walk-navigation">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="walk-position">
        {position.problematicIndex !== null
          ? `Problematic code ${formatAmount(position.problematicIndex)} of ${formatAmount(position.problematicCount)}`
          : `Code ${formatAmount(position.index + 1)} of ${formatAmount(position.total)}`}
      </Text>
      <WalkLink label="Previous code" to={position.previous && conversionCodePath(conversionId, position.previous)} testId="walk-previous">
        <IconArrowLeft size={18} />
      </WalkLink>
      <WalkLink label="Next code" to={position.next && conversionCodePath(conversionId, position.next)} testId="walk-next">
        <IconArrowRight size={18} />
      </WalkLink>
    </Group>
  );
}

/** An arrow to another code of the walk; disabled at either end. */
function WalkLink({ label, to, testId, children }: { label: string; to: string | null; testId: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow>
      {to ? (
        <ActionIcon component={Link} to={to} variant="default" size="lg" aria-label={label} data-testid={testId}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon variant="default" size="lg" aria-label={label} disabled data-testid={testId}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** The diagram's records as the code stands: its saved decision if there is one, else the links the API sent. */
function initialRecords(detail: ConversionCodeDetail) {
  const values = new Set(detail.nodes.map((node) => node.value));
  if (detail.decision && detail.decision.targets.every((target) => values.has(target))) return withLinks(detail.nodes, detail.decision.targets);
  return detail.nodes;
}

interface CodeEditorProps {
  conversion: Conversion;
  detail: ConversionCodeDetail;
  isAdmin: boolean;
}

function CodeEditor({ conversion, detail, isAdmin }: CodeEditorProps) {
  const navigate = useNavigate();
  const scheme = labelOfScheme(conversion.targetScheme);
  const loaded = useMemo(() => initialRecords(detail), [detail]);
  // SPEC §8: a linked code the diagram's data does not describe is logged, not drawn.
  useEffect(() => {
    const described = new Set(detail.nodes.map((node) => node.value));
    for (const value of detail.original) if (!described.has(value)) console.error(`Missing details for: ${value}`);
  }, [detail]);
  const [state, dispatch] = useReducer(conversionDiagramReducer, undefined, () => initialConversionDiagramState(loaded, detail.targetDepth));
  const [selected, setSelected] = useState<string | null>(null);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [applyToCrosswalk, setApplyToCrosswalk] = useState(false);
  const save = useSaveConversionDecision(conversion.id, detail.source.uri);
  const remove = useRemoveConversionDecision(conversion.id, detail.source.uri);
  const start = useMemo(() => [detail.source.uri], [detail.source.uri]);

  const linked = useMemo(() => linkedValues(state), [state]);
  const linkedSet = useMemo(() => new Set<string>(linked), [linked]);
  const dirty = !sameValues(
    linked,
    loaded.filter((record) => record.isLink).map((record) => record.value),
  );
  const currentTargets = detail.current.targets;
  const built = useMemo(() => {
    try {
      const tree = buildConversionTree({
        records: state.records,
        origin: { name: detail.source.name, description: detail.source.description, titles: detail.source.titles, start },
        targetScheme: conversion.targetScheme,
        targetDepth: state.targetDepth,
        // The shares are the saved placement's: links changed on the diagram have none until saved.
        shares: dirty ? undefined : sharesByLabel(currentTargets),
      });
      return { tree, error: null };
    } catch (error) {
      console.error('Error processing conversion data', error);
      return { tree: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [state.records, state.targetDepth, detail.source, currentTargets, dirty, start, conversion.targetScheme]);
  const problems = useMemo(() => problemValues(state.records, state.targetDepth), [state.records, state.targetDepth]);
  const selectedRecord = selected ? state.records.find((record) => record.value === selected) : undefined;

  const addLink = (tree: SchemeTree, value: string) => {
    dispatch({ type: 'ADD_LINKS', nodes: targetCodeRecords(tree.lookup, value, start), values: [value] });
    setSelected(value);
  };
  const mapOnlyHere = (tree: SchemeTree | null, value: string) => {
    if (tree && !state.records.some((record) => record.value === value)) dispatch({ type: 'ADD_LINKS', nodes: targetCodeRecords(tree.lookup, value, start), values: [value] });
    dispatch({ type: 'SET_TRANSLATION', values: [value] });
    setSelected(value);
  };
  const removeLink = (value: string) => dispatch({ type: 'REMOVE_LINKS', values: [value] });

  function restore() {
    if (!detail.decision) {
      dispatch({ type: 'RESET', records: withLinks(detail.nodes, detail.original) });
      return;
    }
    remove.mutate(undefined, {
      onSuccess: () => notifyAdmin({ message: `The original conversion of ${detail.source.name || detail.source.code} is restored`, color: 'teal' }),
      onError: (error) => notifyAdmin({ title: 'Not restored', message: error.message, color: 'red' }),
    });
  }

  function saveAndNext() {
    save.mutate(
      { targets: linked, applyToCrosswalk: isAdmin && applyToCrosswalk },
      {
        onSuccess: (updated) => {
          notifyAdmin({ message: `Decision saved: ${updated.source.name || updated.source.code} → ${linked.length} ${scheme} code${linked.length === 1 ? '' : 's'}`, color: 'teal' });
          if (updated.next) void navigate(conversionCodePath(conversion.id, updated.next));
          else {
            notifyAdmin({ message: 'Every problematic code has a decision.', color: 'teal' });
            void navigate(conversionPath(conversion.id));
          }
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <SourceCodeCard detail={detail} schemeLabel={scheme} />

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Conversion diagram actions">
              <IconAction label={`Add another link to ${scheme}`} onClick={() => setDrawerOpened(true)} testId="open-target-tree">
                <IconPlus size={18} />
              </IconAction>
              <IconAction label="Map only here" onClick={() => selected && mapOnlyHere(null, selected)} disabled={!selectedRecord || selectedRecord.value === originValue} testId="map-only-here">
                <IconTargetArrow size={18} />
              </IconAction>
              {selectedRecord?.isLink ? (
                <IconAction label="Remove link" onClick={() => removeLink(selectedRecord.value)} testId="remove-link">
                  <IconLinkOff size={18} />
                </IconAction>
              ) : (
                <IconAction
                  label="Link here"
                  onClick={() => selectedRecord && dispatch({ type: 'ADD_LINKS', nodes: [], values: [selectedRecord.value] })}
                  disabled={!selectedRecord}
                  testId="link-here"
                >
                  <IconLink size={18} />
                </IconAction>
              )}
              <IconAction label="Restore original conversion" onClick={restore} disabled={!detail.decision && !dirty} loading={remove.isPending} testId="restore-conversion">
                <IconRestore size={18} />
              </IconAction>
              <WhatsGoingOn detail={detail} schemeLabel={scheme} />
              <Text size="sm" c="dimmed" ml="xs" data-testid="diagram-selection">
                {selectedRecord ? `${scheme} ${selectedRecord.label} · ${selectedRecord.name}` : 'Choose a node of the diagram to act on it.'}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {dirty && (
                <Badge variant="light" color="yellow" data-testid="unsaved">
                  Unsaved changes
                </Badge>
              )}
              <Tooltip label={`Link at least one ${scheme} code`} disabled={linked.length > 0} withArrow>
                <Button onClick={saveAndNext} loading={save.isPending} disabled={linked.length === 0} rightSection={<IconArrowRight size={16} />} data-testid="save-and-next">
                  Save and next
                </Button>
              </Tooltip>
            </Group>
          </Group>
          {isAdmin && (
            <Checkbox
              label={`Also change the crosswalk: link ${detail.source.code} to these ${scheme} codes for everyone`}
              checked={applyToCrosswalk}
              onChange={(event) => setApplyToCrosswalk(event.currentTarget.checked)}
              size="xs"
              data-testid="apply-to-crosswalk"
            />
          )}
          {save.isError && (
            <Alert color="red" variant="light" title="The decision was not saved" data-testid="save-error">
              {save.error.message}
            </Alert>
          )}
          {problems.length > 0 && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} py="xs" data-testid="diagram-problem">
              {problemTooltip} {problems.length} nodes at the target depth hold a link: choose one with ‘Map only here’, or save to keep the split.
            </Alert>
          )}
          {built.tree ? (
            <DiagramFrame tree={built.tree} selected={selected} onSelectNode={setSelected} />
          ) : (
            <Alert color="red" variant="light" title="Error processing conversion data" data-testid="diagram-error">
              {built.error}
            </Alert>
          )}
        </Stack>
      </Paper>

      <TargetTreeDrawer
        opened={drawerOpened}
        onClose={() => setDrawerOpened(false)}
        targetScheme={conversion.targetScheme}
        schemeLabel={scheme}
        selected={selected}
        onSelect={setSelected}
        linked={linkedSet}
        onAddLink={addLink}
        onRemoveLink={removeLink}
        onMapOnlyHere={mapOnlyHere}
      />
    </Stack>
  );
}

function DiagramFrame({ tree, selected, onSelectNode }: { tree: ConversionDiagramNode; selected: string | null; onSelectNode: (value: string) => void }) {
  return (
    <div style={{ width: '100%', overflowX: 'auto' }} data-testid="diagram-frame">
      <ConversionDiagram tree={tree} selected={selected} onSelectNode={onSelectNode} />
    </div>
  );
}

function IconAction({
  label,
  onClick,
  disabled,
  loading,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled} loading={loading} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The source code: its name, code, rows, description and sample titles, and where it goes now. */
function SourceCodeCard({ detail, schemeLabel }: { detail: ConversionCodeDetail; schemeLabel: string }) {
  const { source, current } = detail;
  return (
    <Paper withBorder radius="md" p="md" data-testid="source-code-card">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="outline" color="gray" tt="none" ff="monospace">
            {source.uri}
          </Badge>
          <Text size="sm" c="dimmed">
            {formatAmount(source.occurrences)} rows
          </Text>
          {current.reason ? (
            <Badge variant="light" color="gray" tt="none">
              Not converted: {reasonLabels[current.reason]}
            </Badge>
          ) : detail.decision ? (
            <Badge variant="light" color="teal" tt="none" data-testid="code-decided">
              Decided
            </Badge>
          ) : current.problematic ? (
            <Badge variant="light" color="orange" tt="none" data-testid="code-problematic">
              Problematic
            </Badge>
          ) : null}
        </Group>
        {source.description && (
          <Spoiler maxHeight={44} showLabel="More" hideLabel="Less">
            <Text size="sm">{source.description}</Text>
          </Spoiler>
        )}
        {source.titles.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
            Titles: {source.titles.map((title) => `“${title}”`).join(', ')}
          </Text>
        )}
        {current.targets.length > 0 && (
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              Now sent to:
            </Text>
            {current.targets.map((target) => (
              <Tooltip key={target.code} label={`${target.name} · ${pathLabels[target.path]}`} withArrow>
                <Badge variant="light" color="gray" tt="none" radius="sm">
                  {schemeLabel} {target.code} · {formatFraction(target.share)}
                </Badge>
              </Tooltip>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
