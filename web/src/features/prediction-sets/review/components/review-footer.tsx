import { Button, Group, Paper, TagsInput } from '@mantine/core';
import { isStandardTag, type PredictionSetDetail } from '@og/shared/contracts/predictions';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';
import { usePredictionSetDetail } from '../api/get-prediction-set-detail';
import { useAddressOnScreen } from '../hooks/use-entry-on-screen';
import { usePanelKey } from '../hooks/use-panel-key';
import { chosenCount, type ReviewDraft, saveLabel, type Tag } from '../review-draft';
import { acceptTag, tagGroupsOf } from '../review-tags';

interface ReviewFooterProps {
  draft: ReviewDraft;
  changed: boolean;
  onTags: (tags: Tag[]) => void;
  onSave: () => void;
}

/**
 * SPEC §2 review, bottom: 'Add tag' (the 16 tags of SPEC §3, disabled when N is 0) and 'Save (N) and next' / 'No changes to save'.
 * Beyond SPEC (issue 29) the field offers the set's own tags apart and takes a new one typed and
 * confirmed with Enter; a tag it cannot keep stays in the box with the reason beneath.
 */
export function ReviewFooter({ draft, changed, onTags, onSave }: ReviewFooterProps) {
  const { setRef } = useAddressOnScreen();
  const detail = usePredictionSetDetail(setRef);
  const queryClient = useQueryClient();
  const customTags = detail.data?.customTags ?? [];
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tagsRef = useRef<HTMLInputElement>(null);
  const tagsDisabled = chosenCount(draft) === 0;
  usePanelKey('tags', () => tagsRef.current?.focus(), !tagsDisabled);

  const change = (next: string[]) => {
    const kept: string[] = [];
    for (const value of next) {
      if (draft.tags.includes(value as Tag)) {
        kept.push(value);
        continue;
      }
      const accepted = acceptTag(value, customTags);
      if ('error' in accepted) {
        // Nothing typed is dropped without a word: the text stays in the box, the reason beneath.
        setTyped(value);
        setError(accepted.error);
        return;
      }
      if (!kept.includes(accepted.tag)) kept.push(accepted.tag);
    }
    setError(null);
    const added = kept.filter((tag) => !customTags.includes(tag) && !isStandardTag(tag));
    // A new tag of the set is offered on the next entries at once (the set keeps it with the save).
    if (added.length) {
      queryClient.setQueryData<PredictionSetDetail>([...predictionSetKeys.set(setRef), 'detail'], (current) =>
        current ? { ...current, customTags: [...(current.customTags ?? []), ...added] } : current,
      );
    }
    onTags(kept as Tag[]);
  };

  return (
    <Paper withBorder radius="md" p="sm" style={{ position: 'sticky', bottom: 8, zIndex: 5 }} data-testid="review-footer" data-review-footer>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <TagsInput
          data={tagGroupsOf(customTags, draft.tags)}
          value={draft.tags}
          onChange={change}
          searchValue={typed}
          onSearchChange={(value) => {
            setTyped(value);
            if (error) setError(null);
          }}
          onDuplicate={(value) => setError(`${value.trim()} is already tagged`)}
          splitChars={[]}
          placeholder={draft.tags.length ? undefined : 'Add tag (type a new one and press Enter)'}
          aria-label="Add tag"
          error={error}
          disabled={tagsDisabled}
          ref={tagsRef}
          onKeyDown={(event) => {
            // Escape leaves the field (a tag typed is taken, or its reason shown, as on any leaving).
            if (event.key === 'Escape') event.currentTarget.blur();
          }}
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
