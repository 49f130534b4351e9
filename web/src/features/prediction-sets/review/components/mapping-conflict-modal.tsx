import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NodeDetail } from '@og/shared/contracts/predictions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { entryQueryOptions } from '../api/get-entry';
import { notifyReview } from '../../../../lib/notify';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { useResolveConflict } from '../hooks/use-save-entry';
import { mappingConflicts, useMappingConflict } from '../mapping-conflicts';

/**
 * Two reviewers on one entry: a save over a newer mapping (409) shows the other reviewer's
 * choice beside this one's and asks which to keep.
 */
export function MappingConflictModal({ scope, nodeDetails }: { scope: ReviewScope; nodeDetails: Readonly<Record<string, NodeDetail>> }) {
  const conflict = useMappingConflict();
  const resolve = useResolveConflict();
  const [busy, setBusy] = useState(false);
  // The entry as it is now, for the names of the codes the other reviewer chose.
  const current = useQuery({ ...entryQueryOptions(conflict?.setId ?? '', conflict?.string ?? null, { ...scope, filter: 'all' }), enabled: conflict !== null, staleTime: 0 });
  if (!conflict) return null;
  const details = { ...nodeDetails, ...current.data?.nodeDetails };

  const choose = (choice: 'mine' | 'theirs') => {
    setBusy(true);
    resolve(choice, { setId: conflict.setId, string: conflict.string, scope, mine: conflict.mine, theirs: conflict.theirs })
      .then(
        () => {
          notifyReview({ title: 'Mapping saved', color: 'teal', message: choice === 'mine' ? `Mapped ${conflict.string} to your choice` : `Kept the other reviewer's mapping of ${conflict.string}` });
          mappingConflicts.close();
        },
        (error: unknown) => notifyReview({ title: 'Error saving mapping', color: 'red', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Modal opened onClose={() => mappingConflicts.close()} title="Someone else mapped this entry" centered size="lg">
      <Stack gap="md" data-testid="mapping-conflict">
        <Text size="sm">
          Another reviewer saved a mapping of{' '}
          <Text span fw={700} dir="auto">
            {conflict.string}
          </Text>{' '}
          after you opened it. Which one should stay?
        </Text>
        <SimpleGrid cols={2}>
          <MappingColumn title="Theirs" mapping={conflict.theirs} nodeDetails={details} testId="conflict-theirs" />
          <MappingColumn title="Yours" mapping={conflict.mine} nodeDetails={details} testId="conflict-mine" />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => choose('theirs')} disabled={busy} data-testid="conflict-keep-theirs">
            Keep theirs
          </Button>
          <Button onClick={() => choose('mine')} loading={busy} data-testid="conflict-keep-mine">
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface MappingColumnProps {
  title: string;
  mapping: { nodeURIs: readonly string[]; predictionURIs: readonly string[]; tags: readonly string[]; treeNodes?: readonly { scheme: string; codeValue: string; name: string }[] };
  nodeDetails: Readonly<Record<string, NodeDetail>>;
  testId: string;
}

function MappingColumn({ title, mapping, nodeDetails, testId }: MappingColumnProps) {
  const names = new Map((mapping.treeNodes ?? []).map((node) => [`${node.scheme}:${node.codeValue}`, node.name]));
  const uris = [...mapping.predictionURIs, ...mapping.nodeURIs.filter((uri) => !mapping.predictionURIs.includes(uri))];
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={5}>{title}</Title>
      {uris.length === 0 && (
        <Text size="sm" c="dimmed">
          No code
        </Text>
      )}
      {uris.map((uri) => (
        <Text key={uri} size="sm" dir="auto">
          <Text span ff="monospace">
            {uri}
          </Text>{' '}
          {names.get(uri) ?? nodeDetails[uri]?.name ?? ''}
        </Text>
      ))}
      {mapping.tags.length > 0 && (
        <Group gap={4}>
          {mapping.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="light">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
