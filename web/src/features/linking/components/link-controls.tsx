import { Button, Group, Kbd, Paper, Select, Stack, Text, Tooltip, type ComboboxItem } from '@mantine/core';
import { linkRelation, linkRelations, type LinkRelation } from '@og/shared/contracts/links';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { fromSourceToTarget, relationSentence, relationWords } from '../../../lib/relation-words';
import type { LinkButtonState } from '../link-button-state';
import { suggestionKeys } from '../suggestion-keys';

const linkingHelp = ['W: deselect, or close the subtree', 'A: clean up the tree, or switch sides', "S: search the other side for this code's name", 'D: link or unlink'];
const offNote = 'Off while a search box has focus.';
const shortcutHelp = [...linkingHelp, offNote].join('\n');
/** In the Suggestions mode its keys are listed after the linking shortcuts. */
const suggestionsHelp = [...linkingHelp, '', 'Suggestions:', ...suggestionKeys.map(({ keys, does }) => `${keys}: ${does}`), offNote].join('\n');

export const relationOptions = linkRelations.map((relation) => ({ value: relation, label: relation }));

export interface LinkControlsProps {
  state: LinkButtonState;
  /** The relation new links get. */
  relation: LinkRelation;
  /** A relation picked: an existing link changes to it, otherwise new links get it. */
  onRelationChange: (relation: LinkRelation) => void;
  onToggle: () => void;
  canEdit: boolean;
  pending: boolean;
  /** The Suggestions mode is on: its keys join the shortcut help. */
  suggesting?: boolean;
}

/** The link/unlink button between the node details (SPEC §4) and the relation picker beside it. */
export function LinkControls({ state, relation, onRelationChange, onToggle, canEdit, pending, suggesting = false }: LinkControlsProps) {
  const { linked, disabledReason } = state;
  const shown = state.relation ?? relation;
  return (
    <Paper withBorder radius="md" p="md" w={{ base: '100%', md: 220 }} style={{ flexShrink: 0 }} data-testid="link-controls">
      <Stack gap="sm" justify="center" h="100%">
        <Select
          label="Relation"
          description={linked ? 'of this link, source to target' : 'of new links, source to target'}
          inputWrapperOrder={['label', 'input', 'description']}
          data={relationOptions}
          value={shown}
          onChange={(value) => {
            const parsed = linkRelation.safeParse(value);
            if (parsed.success && parsed.data !== shown) onRelationChange(parsed.data);
          }}
          allowDeselect={false}
          disabled={!canEdit || pending}
          // Each option in Explore's words, read from the source to the target (SKOS name first, as stored and exported).
          renderOption={({ option }: { option: ComboboxItem }) => (
            <Stack gap={0} data-testid="relation-option" data-relation={option.value}>
              <Text size="sm">
                {option.label}{' '}
                <Text span size="sm" c="dimmed">
                  · {relationWords[option.value as LinkRelation]}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {relationSentence(option.value as LinkRelation, fromSourceToTarget)}
              </Text>
            </Stack>
          )}
          // Wide and tall enough for all five described relations without scrolling.
          maxDropdownHeight={380}
          comboboxProps={{ shadow: 'md', width: 300, position: 'bottom-start' }}
          data-testid="relation-select"
        />
        {/* A disabled button hears no pointer: the tooltip sits on a wrapper. */}
        <Tooltip label={disabledReason} disabled={disabledReason === null} withArrow multiline maw={220}>
          <div>
            <Button
            size="md"
            fullWidth
            color={linked ? 'red' : 'teal'}
            leftSection={linked ? <IconUnlink size={20} /> : <IconLink size={20} />}
            disabled={disabledReason !== null}
            onClick={onToggle}
            data-testid="link-button"
            data-linked={linked}
          >
            {linked ? 'Unlink' : 'Link'}
            </Button>
          </div>
        </Tooltip>
        <Tooltip label={suggesting ? suggestionsHelp : shortcutHelp} withArrow multiline maw={260} style={{ whiteSpace: 'pre-line' }}>
          <Group gap={4} justify="center" wrap="wrap" data-testid="shortcut-help">
            {[...(['W', 'A', 'S', 'D'] as const), ...(suggesting ? (['1–9', 'X', 'Enter'] as const) : [])].map((key) => (
              <Kbd key={key} size="xs">
                {key}
              </Kbd>
            ))}
            <Text size="xs" c="dimmed">
              shortcuts
            </Text>
          </Group>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
