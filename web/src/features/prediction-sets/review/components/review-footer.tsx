import { Button, Group, MultiSelect, Paper } from '@mantine/core';
import { tagOptions } from '@og/shared/contracts/predictions';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { chosenCount, type ReviewDraft, saveLabel, type Tag } from '../review-draft';

interface ReviewFooterProps {
  draft: ReviewDraft;
  changed: boolean;
  onTags: (tags: Tag[]) => void;
  onSave: () => void;
}

/** SPEC §2 review, bottom: 'Add tag' (the 16 tags of SPEC §3, disabled when N is 0) and 'Save (N) and next' / 'No changes to save'. */
export function ReviewFooter({ draft, changed, onTags, onSave }: ReviewFooterProps) {
  return (
    <Paper withBorder radius="md" p="sm" style={{ position: 'sticky', bottom: 8, zIndex: 5 }}>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <MultiSelect
          data={[...tagOptions]}
          value={draft.tags}
          onChange={(tags) => onTags(tags as Tag[])}
          placeholder={draft.tags.length ? undefined : 'Add tag'}
          aria-label="Add tag"
          disabled={chosenCount(draft) === 0}
          searchable
          clearable
          style={{ flex: 1, maxWidth: 640 }}
          comboboxProps={{ position: 'top' }}
          data-testid="tags"
        />
        <Button leftSection={<IconDeviceFloppy size={18} />} disabled={!changed} onClick={onSave} data-testid="save-and-next">
          {saveLabel(draft, changed)}
        </Button>
      </Group>
    </Paper>
  );
}
