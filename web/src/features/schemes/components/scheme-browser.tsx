import { treeLoadFailedTitle, unknownErrorMessage } from '@og/shared/errors/spec-messages';
import { Alert, Box, Button, Code, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SchemeSummary, SchemeTree } from '@og/shared/contracts/schemes';
import { childrenIndex } from '@og/shared/domain/code-tree';
import { defaultSchemeId, isSchemeId, schemeById, schemes as registeredSchemes, type SchemeId } from '@og/shared/domain/schemes';
import { IconAlertTriangle, IconBinaryTree2, IconFileImport, IconHandClick } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CodeSearch } from '../../../components/code-search';
import { CodeTree } from '../../../components/code-tree';
import { TreeDetailColumns } from '../../../components/tree-detail-columns';
import { Page } from '../../../components/page';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import { ApiError } from '../../../lib/api-client';
import { ancestorValues, selfAndAncestors } from '../../../lib/code-tree-rows';
import { notifyAdmin } from '../../../lib/notify';
import { useTreeExpansion } from '../../../lib/use-tree-expansion';
import { useDeleteCode } from '../api/delete-code';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { useSchemeTreeQuery } from '../../../lib/schemes/get-scheme-tree';
import { useMoveCode } from '../api/move-code';
import { isPendingCode } from '../api/scheme-tree-cache';
import { useMovingMode } from '../hooks/use-moving-mode';
import { codePagePath, schemePagePath } from '../scheme-paths';
import { CodeDetail, type DetailTab } from './code-detail';
import { SchemeImportButton, SchemeImportProgress } from './scheme-import';
import { useRevealSelection } from '../../../lib/use-reveal-selection';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface SchemeBrowserProps {
  /** From the route; an id the registry does not know shows 'Scheme not found'. */
  scheme: string;
  /** From the route; selects a code when given. */
  code: string | null;
  /** Administrators edit, create, move, delete and import; members only browse. */
  canEdit: boolean;
}

/** The schemes browsing page (SPEC §2): a tree with search and scheme selector, and the code detail beside it. */
export function SchemeBrowser({ scheme, code, canEdit }: SchemeBrowserProps) {
  if (!isSchemeId(scheme)) return <SchemeNotFound scheme={scheme} />;
  // A new scheme starts afresh: expansion, search, tab and moving mode belong to one scheme.
  return <SchemeWorkspace key={scheme} scheme={scheme} code={code} canEdit={canEdit} />;
}

const countFormat = new Intl.NumberFormat('en');

/** On wide screens both columns fill the window below the heading; on narrow ones they stack. */
const columnHeight = { base: 'auto', md: 'max(480px, calc(100dvh - 216px))' };

function SchemeWorkspace({ scheme, code, canEdit }: { scheme: SchemeId; code: string | null; canEdit: boolean }) {
  const navigate = useNavigate();
  const definition = schemeById(scheme);
  const treeQuery = useSchemeTreeQuery(scheme);
  const schemesQuery = useSchemesQuery();
  const [importJobId, setImportJobId] = useState<string | null>(null);

  const schemeOptions: SchemeOption[] = schemesQuery.data?.schemes ?? registeredSchemes.map(({ id, label }) => ({ id, label }));
  const summary = schemesQuery.data?.schemes.find((item) => item.id === scheme);
  const treeError = treeQuery.error;
  const notFound = treeError instanceof ApiError && treeError.status === 404;

  // SPEC §8: a tree that fails to load is reported in a red notification titled 'Error'.
  useEffect(() => {
    if (!treeError || (treeError instanceof ApiError && treeError.status === 404)) return;
    notifyAdmin({ title: treeLoadFailedTitle, message: treeError.message || unknownErrorMessage, color: 'red' });
  }, [treeError]);

  if (notFound) return <SchemeNotFound scheme={scheme} />;

  const tree = treeQuery.data;
  const isEmpty = tree !== undefined && Object.keys(tree.lookup).length === 0;

  const selector = (
    <SchemeSelect
      schemes={schemeOptions}
      value={scheme}
      onChange={(next) => {
        if (next !== scheme) void navigate(schemePagePath(next));
      }}
      data-testid="scheme-select"
    />
  );
  const importButton = canEdit ? <SchemeImportButton scheme={scheme} onStarted={setImportJobId} /> : null;

  let body: ReactNode;
  if (tree && !isEmpty) {
    body = <SchemeCodes scheme={scheme} tree={tree} code={code} canEdit={canEdit} selector={selector} />;
  } else if (tree) {
    body = <Columns tree={<>{selector}<EmptyScheme label={definition.label} importButton={canEdit ? <SchemeImportButton scheme={scheme} onStarted={setImportJobId} variant="filled" /> : null} /></>} detail={<ImportHelp />} />;
  } else if (treeError) {
    body = (
      <Columns
        tree={
          <>
            {selector}
            <LoadErrorAlert title="The codes could not be loaded" message={treeError.message || unknownErrorMessage} onRetry={() => void treeQuery.refetch()} data-testid="tree-error" />
          </>
        }
        detail={null}
      />
    );
  } else {
    body = <Columns tree={<>{selector}<TreeSkeleton /></>} detail={<DetailSkeleton />} />;
  }

  return (
    <Page title={definition.label}>
      <Group justify="space-between" align="center" gap="sm" mt={-12}>
        <Stack gap={2}>
          <Text c="dimmed" size="sm">
            {definition.description}
          </Text>
          {summary && <SchemeStats summary={summary} />}
        </Stack>
        {!isEmpty && importButton}
      </Group>
      {importJobId && <SchemeImportProgress key={importJobId} scheme={scheme} schemeLabel={definition.label} jobId={importJobId} onDismiss={() => setImportJobId(null)} />}
      {body}
    </Page>
  );
}

function SchemeStats({ summary }: { summary: SchemeSummary }) {
  if (summary.codeCount === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="scheme-stats">
      {countFormat.format(summary.codeCount)} codes · {countFormat.format(summary.leafCount)} leaves ·{' '}
      {countFormat.format(summary.linkedLeafCount)} leaves linked
    </Text>
  );
}

/** The two columns: the tree column (selector, search, tree) and the detail column. */
function Columns({ tree, detail }: { tree: ReactNode; detail: ReactNode }) {
  return <TreeDetailColumns tree={tree} detail={detail} height={columnHeight} />;
}

interface SchemeCodesProps {
  scheme: SchemeId;
  tree: SchemeTree;
  code: string | null;
  canEdit: boolean;
  selector: ReactNode;
}

/** A scheme with codes: search, tree and the selected code's detail, with moving mode between them. */
function SchemeCodes({ scheme, tree, code, canEdit, selector }: SchemeCodesProps) {
  const navigate = useNavigate();
  const { lookup } = tree;
  // Opened without a code, the first level shows: the roots open, for an overview.
  const expansion = useTreeExpansion(() =>
    code === null ? tree.nestedData.filter((root) => root.children.length > 0).map((root) => root.value) : [],
  );
  const [tab, setTab] = useState<DetailTab>('edit');
  const [revealKey, setRevealKey] = useState(0);
  const moving = useMovingMode(lookup, code);
  const moveCode = useMoveCode(scheme);
  const deleteCode = useDeleteCode(scheme);
  const children = useMemo(() => childrenIndex(lookup), [lookup]);

  const record = code === null ? undefined : lookup[code];

  const skipReveal = useRevealSelection(code, lookup, expansion.expand);

  function goTo(value: string) {
    if (isPendingCode(value) || value === code) return;
    void navigate(codePagePath(scheme, value));
  }

  function onTreeSelect(value: string) {
    // While the Move tab is open, clicking a node picks where the selected code goes.
    if (tab === 'move' && canEdit && record) {
      moving.choose(record.value, value);
      return;
    }
    // The row is in view already; opening its path again later could undo a quick collapse.
    skipReveal(value);
    goTo(value);
  }

  function onDropNode(dragged: string, target: string) {
    if (isPendingCode(dragged)) return;
    goTo(dragged);
    setTab('move');
    moving.choose(dragged, target);
  }

  function onSearchChoose(value: string) {
    expansion.expand(selfAndAncestors(lookup, value));
    setRevealKey((key) => key + 1);
    goTo(value);
  }

  function confirmMove() {
    if (!record || moving.target === null) return;
    const parent = moving.target;
    expansion.expand(selfAndAncestors(lookup, parent));
    moveCode.mutate({ value: record.value, parent }, { onSettled: () => moving.reset() });
  }

  function deleteSelected() {
    if (!record?.parent) return;
    // SPEC §4: after a delete the user goes to the parent's code page.
    void navigate(codePagePath(scheme, record.parent));
    deleteCode.mutate(record.value);
  }

  const { expand } = expansion;
  const onChildSubmitted = useCallback(() => {
    if (code !== null) expand([code]);
  }, [expand, code]);

  const ancestors = record ? ancestorValues(lookup, record.value).map((value) => lookup[value]!) : [];
  const moveTarget = moving.target === null ? null : (lookup[moving.target] ?? null);

  let detail: ReactNode;
  if (code === null) detail = <NoCodeSelected />;
  else if (!record) detail = <CodeNotFound scheme={scheme} code={code} />;
  else
    detail = (
      <CodeDetail
        scheme={scheme}
        record={record}
        ancestors={ancestors}
        childCount={children.get(record.value)?.length ?? 0}
        canEdit={canEdit}
        tab={tab}
        onTabChange={setTab}
        moveTarget={moveTarget}
        movePending={moveCode.isPending}
        onCancelMove={moving.reset}
        onConfirmMove={confirmMove}
        deletePending={deleteCode.isPending}
        onDelete={deleteSelected}
        onChildSubmitted={onChildSubmitted}
      />
    );

  return (
    <Columns
      tree={
        <>
          {selector}
          <CodeSearch lookup={lookup} onChoose={onSearchChoose} data-testid="scheme-search" />
          <CodeTree
            roots={tree.nestedData}
            expansion={expansion}
            selected={code}
            onSelect={onTreeSelect}
            onDropNode={canEdit ? onDropNode : undefined}
            markedValue={moving.target}
            revealKey={revealKey}
            label={`Codes of ${schemeById(scheme).label}`}
            style={{ flex: 1, minHeight: 240 }}
            data-testid="tree"
          />
          <TreeLegend canEdit={canEdit} />
        </>
      }
      detail={detail}
    />
  );
}

function TreeLegend({ canEdit }: { canEdit: boolean }) {
  const dot = (filled: boolean) => (
    <Box
      component="span"
      w={9}
      h={9}
      style={{
        display: 'inline-block',
        borderRadius: '50%',
        border: `1.5px solid ${filled ? 'var(--mantine-color-teal-filled)' : 'light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-2))'}`,
        background: filled ? 'var(--mantine-color-teal-filled)' : 'transparent',
      }}
    />
  );
  return (
    <Group gap="md" px={4}>
      <Group gap={6}>
        {dot(true)}
        <Text size="xs" c="dimmed">
          linked
        </Text>
      </Group>
      <Group gap={6}>
        {dot(false)}
        <Text size="xs" c="dimmed">
          not linked
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {canEdit ? 'Double-click opens; drag onto a code to move.' : 'Double-click opens a folder.'}
      </Text>
    </Group>
  );
}

function NoCodeSelected() {
  return (
    <Stack align="center" justify="center" gap="sm" h="100%" mih={200} data-testid="code-detail-empty">
      <ThemeIcon variant="light" size={48} radius="xl">
        <IconHandClick size={26} />
      </ThemeIcon>
      <Text fw={600}>Choose a code</Text>
      <Text size="sm" c="dimmed" ta="center" maw={380}>
        Select a code in the tree, or search for one, to see its details, edit it, add children, move it or see its links.
      </Text>
    </Stack>
  );
}

function CodeNotFound({ scheme, code }: { scheme: SchemeId; code: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Code not found" data-testid="code-not-found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {schemeById(scheme).label} has no code <Code>{code}</Code>. It may have been deleted or moved to another scheme.
        </Text>
        <Button component={Link} to={schemePagePath(scheme)} size="xs" variant="light" color="orange">
          Back to {schemeById(scheme).label}
        </Button>
      </Stack>
    </Alert>
  );
}

function SchemeNotFound({ scheme }: { scheme: string }) {
  const fallback = schemeById(defaultSchemeId);
  return (
    <Page title="Scheme not found">
      <Alert color="orange" variant="light" icon={<IconBinaryTree2 size={20} />} maw={640} data-testid="scheme-not-found">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            There is no scheme <Code>{scheme}</Code>. The schemes are{' '}
            {registeredSchemes.map((item) => item.label).join(', ')}.
          </Text>
          <Button component={Link} to={schemePagePath(fallback.id)} variant="light" color="orange" size="xs">
            Open {fallback.label}
          </Button>
        </Stack>
      </Alert>
    </Page>
  );
}

function EmptyScheme({ label, importButton }: { label: string; importButton: ReactNode }) {
  return (
    <Stack align="center" justify="center" gap="sm" py="xl" style={{ flex: 1 }} data-testid="scheme-empty">
      <ThemeIcon variant="light" size={52} radius="xl" color="gray">
        <IconBinaryTree2 size={28} />
      </ThemeIcon>
      <Text fw={600}>This scheme has no codes yet</Text>
      <Text size="sm" c="dimmed" ta="center" maw={320}>
        {importButton
          ? `Import a CSV or SKOS Turtle file to fill ${label}.`
          : `An administrator can import ${label}'s codes from a file.`}
      </Text>
      {importButton}
    </Stack>
  );
}

function ImportHelp() {
  return (
    <Stack gap="sm" maw={620}>
      <Group gap="xs">
        <IconFileImport size={20} />
        <Title order={2} size="h4">
          Importing codes
        </Title>
      </Group>
      <Text size="sm">A CSV file needs this header row, with one code per line:</Text>
      <Code block>{'code,label,parent,description\n1,Managers,,Plan and direct organisations\n11,Chief executives,1,'}</Code>
      <Text size="sm" c="dimmed">
        <b>code</b> is the code string, <b>label</b> the occupation name, <b>parent</b> the code of the parent (empty for
        top-level codes) and <b>description</b> is optional. A SKOS Turtle file (.ttl) with concepts, preferred labels,
        notations and broader relations works too. The import runs in the background; its progress shows above, and a
        failed import lists the first problems by line.
      </Text>
    </Stack>
  );
}

function TreeSkeleton() {
  return (
    <Stack gap={8} p={4} aria-busy aria-label="Loading codes" data-testid="tree-loading">
      <Skeleton height={34} />
      {Array.from({ length: 12 }, (_, index) => (
        <Skeleton key={index} height={18} width={`${55 + ((index * 37) % 40)}%`} ml={(index % 3) * 18} />
      ))}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="sm" aria-busy>
      <Skeleton height={14} width="40%" />
      <Skeleton height={28} width="70%" />
      <Skeleton height={34} mt="md" />
      <Skeleton height={34} />
      <Skeleton height={80} />
    </Stack>
  );
}
