import { Badge, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { AgreementReport } from '@og/shared/contracts/second-opinions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { splitPredictionUri } from '@og/shared/contracts/predictions';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SchemeOption } from '../../../../components/scheme-select';
import { notifyAdmin } from '../../../../lib/notify';
import { ChosenNodes } from '../../review/components/chosen-nodes';
import { ReviewTreeBrowser } from '../../review/components/review-tree-browser';
import { draftOf, type ReviewDraft, toggleTreeNode } from '../../review/review-draft';
import { defaultTreeScheme, schemeOfUris } from '../../review/tree-scheme';
import { useAdjudicate } from '../api/second-opinions';
import { CodeNames } from './code-names';

type Disagreement = AgreementReport['disagreements'][number];

interface DisagreementCardProps {
  setId: string;
  disagreement: Disagreement;
  labelOf: (id: string | null) => string;
  schemes: readonly SchemeOption[];
  /** The viewer's user name: one of the entry's two reviewers does not decide it (a third person or the owner does). */
  me: string | undefined;
  /** Whether this card's tree is open (one at a time), and opening or closing it. */
  choosing: boolean;
  onChoosing: (choosing: boolean) => void;
}

/** One entry the two reviewers coded differently: decide for the first's codes, the second's, or codes chosen in the tree. */
export function DisagreementCard({ setId, disagreement, labelOf, schemes, me, choosing, onChoosing }: DisagreementCardProps) {
  const mine = me !== undefined && (disagreement.first.reviewer === me || disagreement.second.reviewer === me);
  const adjudicate = useAdjudicate(setId);
  const decide = (nodeURIs: string[]) =>
    adjudicate.mutate(
      { string: disagreement.string, decision: { nodeURIs } },
      {
        onSuccess: () => notifyAdmin({ message: `${disagreement.string}: decided`, color: 'teal' }),
        onError: (error) => notifyAdmin({ title: 'Not decided', message: error.message, color: 'red' }),
      },
    );
  const sides = [
    { key: 'first', words: 'First', coding: disagreement.first },
    { key: 'second', words: 'Second', coding: disagreement.second },
  ] as const;
  return (
    <Paper withBorder radius="md" p="md" data-testid="disagreement" data-string={disagreement.string}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={700} dir="auto" style={{ wordBreak: 'break-word' }} data-testid="disagreement-string">
            {disagreement.string}
          </Text>
          {disagreement.firstChangedSince && (
            <Badge color="yellow" variant="light" data-testid="first-changed-since">
              Mapping changed since it was offered
            </Badge>
          )}
        </Group>
        <Grid gutter="md">
          {sides.map(({ key, words, coding }) => (
            <Grid.Col key={key} span={{ base: 12, sm: 6 }}>
              <Stack gap={6} data-testid={`disagreement-${key}`}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  {words}: {labelOf(coding.reviewer)}
                </Text>
                <CodeNames uris={coding.uris} />
                <Group hidden={mine}>
                  <Button size="xs" variant="light" onClick={() => decide(coding.uris)} loading={adjudicate.isPending} disabled={coding.uris.length === 0} data-testid={`decide-${key}`}>
                    Take these codes
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
        {mine ? (
          <Text size="sm" c="dimmed" data-testid="decided-by-others">
            You coded this entry: a third person, or the set’s owner, decides it.
          </Text>
        ) : choosing ? (
          <TreeDecision
            schemes={schemes}
            scheme={schemeOfUris([...disagreement.first.uris, ...disagreement.second.uris]) ?? defaultTreeScheme}
            deciding={adjudicate.isPending}
            onDecide={decide}
            onCancel={() => onChoosing(false)}
          />
        ) : (
          <Group>
            <Button size="xs" variant="default" onClick={() => onChoosing(true)} data-testid="decide-in-tree">
              Choose other codes in the tree…
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const noMappings = { treeNodes: [], nodeURIs: [], predictionURIs: [], tags: [] };

/** Codes chosen in the scheme's tree (a double-click, or Enter on a row, adds one), then 'Decide'. */
function TreeDecision({ schemes, scheme: initial, deciding, onDecide, onCancel }: { schemes: readonly SchemeOption[]; scheme: SchemeId; deciding: boolean; onDecide: (uris: string[]) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<ReviewDraft>(() => draftOf(noMappings));
  const [scheme, setScheme] = useState<SchemeId>(initial);
  const [selected, setSelected] = useState<string | null>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  const toggle = useCallback((node: Parameters<typeof toggleTreeNode>[1]) => setDraft((current) => toggleTreeNode(current, node)), []);
  const changeScheme = useCallback((next: SchemeId) => {
    setScheme(next);
    setSelected(null);
  }, []);
  const chosenKey = draft.nodeURIs.join('\n');
  const chosenURIs = useMemo(() => (chosenKey ? chosenKey.split('\n') : []), [chosenKey]);
  return (
    <Stack gap="sm" data-testid="decision-tree" data-review-tree>
      <ChosenNodes nodes={draft.treeNodes} onRemove={toggle} onShowInTree={(uri) => setSelected(splitPredictionUri(uri).code)} />
      <ReviewTreeBrowser schemes={schemes} scheme={scheme} onSchemeChange={changeScheme} selected={selected} onSelect={setSelected} onToggleNode={toggle} searchRef={searchRef} chosenURIs={chosenURIs} />
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="xs" onClick={() => onDecide(draft.nodeURIs)} disabled={draft.nodeURIs.length === 0} loading={deciding} data-testid="decide-chosen">
          Decide ({draft.nodeURIs.length})
        </Button>
      </Group>
    </Stack>
  );
}
