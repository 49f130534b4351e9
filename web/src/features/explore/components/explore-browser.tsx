import { Alert, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { SchemeSummary, SchemeTree } from '@og/shared/contracts/schemes';
import { childrenIndex } from '@og/shared/domain/code-tree';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconAlertTriangle, IconHandClick } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { CodeSearch } from '../../../components/code-search';
import { CodeTree } from '../../../components/code-tree';
import { TreeDetailColumns } from '../../../components/tree-detail-columns';
import treeClasses from '../../../components/code-tree.module.css';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SchemeSelect } from '../../../components/scheme-select';
import { ancestorValues, selfAndAncestors } from '../../../lib/code-tree-rows';
import { useSchemeTreeQuery } from '../../../lib/schemes/get-scheme-tree';
import { useRevealSelection } from '../../../lib/use-reveal-selection';
import { useTreeExpansion } from '../../../lib/use-tree-expansion';
import { defaultBrowseScheme, type ExploreAddress } from '../explore-address';
import { ExploreCodeDetail } from './explore-code-detail';

interface ExploreBrowserProps {
  /** The schemes that have codes. */
  schemes: readonly SchemeSummary[];
  address: ExploreAddress;
  onChange: (change: Partial<ExploreAddress>) => void;
}

/** On wide screens both columns fill the window below the tabs; on narrow ones they stack. */
const columnHeight = { base: 'auto', md: 'max(480px, calc(100dvh - 290px))' };
const countFormat = new Intl.NumberFormat('en');

/** Browse: pick a scheme, find a code in its tree or by searching, and see the code and its links. */
export function ExploreBrowser({ schemes, address, onChange }: ExploreBrowserProps) {
  const scheme = address.scheme ?? defaultBrowseScheme(schemes.map((item) => item.id))!;
  const summary = schemes.find((item) => item.id === scheme);

  const selector = (
    <SchemeSelect
      schemes={schemes}
      value={scheme}
      onChange={(next) => next !== scheme && onChange({ scheme: next, code: null })}
      label="Scheme"
      data-testid="explore-scheme-select"
    />
  );

  if (!summary) {
    return (
      <Columns
        tree={selector}
        detail={
          <Alert variant="light" color="gray" icon={<IconAlertTriangle size={18} />} title={`${schemeById(scheme).label} has no codes yet`} data-testid="explore-scheme-empty">
            Choose another scheme to browse.
          </Alert>
        }
      />
    );
  }
  // A new scheme starts afresh: its own expansion and search.
  return <SchemeCodes key={scheme} scheme={scheme} summary={summary} code={address.code} selector={selector} onSelect={(code) => onChange({ scheme, code })} />;
}

interface SchemeCodesProps {
  scheme: SchemeId;
  summary: SchemeSummary;
  code: string | null;
  selector: ReactNode;
  onSelect: (code: string) => void;
}

function SchemeCodes({ scheme, summary, code, selector, onSelect }: SchemeCodesProps) {
  const treeQuery = useSchemeTreeQuery(scheme);
  const tree = treeQuery.data;
  const stats = (
    <Text size="xs" c="dimmed" data-testid="explore-scheme-stats">
      {schemeById(scheme).description} · {countFormat.format(summary.codeCount)} codes, {countFormat.format(summary.linkedLeafCount)} of{' '}
      {countFormat.format(summary.leafCount)} leaves linked
    </Text>
  );

  if (tree) return <LoadedScheme scheme={scheme} tree={tree} code={code} header={<>{selector}{stats}</>} onSelect={onSelect} />;
  if (treeQuery.error) {
    return (
      <Columns
        tree={
          <>
            {selector}
            <LoadErrorAlert title="The codes could not be loaded" message={treeQuery.error.message} onRetry={() => void treeQuery.refetch()} data-testid="explore-tree-error" />
          </>
        }
        detail={null}
      />
    );
  }
  return (
    <Columns
      tree={
        <>
          {selector}
          <Stack gap={8} p={4} aria-busy aria-label="Loading codes" data-testid="explore-tree-loading">
            <Skeleton height={34} />
            {Array.from({ length: 10 }, (_, index) => (
              <Skeleton key={index} height={18} width={`${55 + ((index * 37) % 40)}%`} ml={(index % 3) * 18} />
            ))}
          </Stack>
        </>
      }
      detail={<Skeleton height={28} width="60%" />}
    />
  );
}

interface LoadedSchemeProps {
  scheme: SchemeId;
  tree: SchemeTree;
  code: string | null;
  header: ReactNode;
  onSelect: (code: string) => void;
}

function LoadedScheme({ scheme, tree, code, header, onSelect }: LoadedSchemeProps) {
  const { lookup } = tree;
  // Opened without a code, the first level shows, for an overview.
  const expansion = useTreeExpansion(() => (code === null ? tree.nestedData.filter((root) => root.children.length > 0).map((root) => root.value) : []));
  const [revealKey, setRevealKey] = useState(0);
  const skipReveal = useRevealSelection(code, lookup, expansion.expand);
  const children = useMemo(() => childrenIndex(lookup), [lookup]);
  const record = code === null ? undefined : lookup[code];
  const label = schemeById(scheme).label;

  function onSearchChoose(value: string) {
    expansion.expand(selfAndAncestors(lookup, value));
    setRevealKey((key) => key + 1);
    onSelect(value);
  }

  let detail: ReactNode;
  if (code === null) detail = <NoCodeChosen />;
  else if (!record)
    detail = (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Code not found" data-testid="explore-code-not-found">
        {label} has no code “{code}”. Search for it by name, or choose one in the tree.
      </Alert>
    );
  else
    detail = (
      <ExploreCodeDetail
        scheme={scheme}
        record={record}
        ancestors={ancestorValues(lookup, record.value).map((value) => lookup[value]!)}
        lookup={lookup}
        childrenOf={children}
        onSelect={onSelect}
      />
    );

  return (
    <Columns
      tree={
        <>
          {header}
          <CodeSearch lookup={lookup} onChoose={onSearchChoose} placeholder={`Search ${label} by name or description`} data-testid="explore-search" />
          <CodeTree
            roots={tree.nestedData}
            expansion={expansion}
            selected={code}
            onSelect={(value) => {
              // The row is in view already; opening its path again could undo a quick collapse.
              skipReveal(value);
              onSelect(value);
            }}
            revealKey={revealKey}
            label={`Codes of ${label}`}
            style={{ flex: 1, minHeight: 240 }}
            data-testid="explore-tree"
          />
          <TreeLegend />
        </>
      }
      detail={detail}
    />
  );
}

/** The tree column (scheme, search, tree) and the code's column beside it. */
function Columns({ tree, detail }: { tree: ReactNode; detail: ReactNode }) {
  return <TreeDetailColumns tree={tree} detail={detail} height={columnHeight} testIdPrefix={'explore-'} />;
}

/** What the tree's dots say (the tree's own dots, from its stylesheet). */
function TreeLegend() {
  const item = (linked: boolean, text: string) => (
    <Group gap={2}>
      <span className={treeClasses.dotBox} aria-hidden>
        <span className={treeClasses.dot} data-linked={linked} />
      </span>
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
  return (
    <Group gap="md" px={4}>
      {item(true, 'linked to another scheme')}
      {item(false, 'not linked')}
    </Group>
  );
}

function NoCodeChosen() {
  return (
    <Stack align="center" justify="center" gap="sm" h="100%" mih={200} data-testid="explore-no-code">
      <ThemeIcon variant="light" size={48} radius="xl">
        <IconHandClick size={26} />
      </ThemeIcon>
      <Text fw={600}>Choose a code</Text>
      <Text size="sm" c="dimmed" ta="center" maw={400}>
        Select a code in the tree, or search for one by name, to see its description and the codes it is linked to in other schemes.
      </Text>
    </Stack>
  );
}
