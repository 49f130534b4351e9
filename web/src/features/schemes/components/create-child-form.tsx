import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createCodeRequest, type CodeRecord } from '@og/shared/contracts/schemes';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { memo, useState, type FormEvent } from 'react';
import { useCreateCode } from '../api/create-code';
import { fieldErrors } from '../../../lib/field-errors';

interface CreateChildFormProps {
  scheme: string;
  parent: CodeRecord;
  canEdit: boolean;
  /** Called as the request goes out, e.g. to open the parent so the new child shows. */
  onSubmitted?: () => void;
}

/**
 * 'Create child': name and code required (the button waits for both), the form clears after
 * submit (SPEC §5). Memoized like the edit form, for its autosize text area.
 */
export const CreateChildForm = memo(function CreateChildForm({ scheme, parent, canEdit, onSubmitted }: CreateChildFormProps) {
  const createCode = useCreateCode(scheme);
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');

  if (!canEdit) {
    return (
      <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
        Only administrators can create codes.
      </Alert>
    );
  }

  const request = { parent: parent.value, name, label, ...(description === '' ? {} : { description }) };
  const parsed = createCodeRequest.safeParse(request);
  // 'is required' is what the disabled button already says; other problems show at once.
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const complete = name.trim() !== '' && label.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || !parsed.success) return;
    const sent = { name, label, description };
    setName('');
    setLabel('');
    setDescription('');
    onSubmitted?.();
    createCode.mutate(parsed.data, {
      // Nothing is lost when the server refuses: the form gets its text back if still empty.
      onError: () => {
        setName((current) => current || sent.name);
        setLabel((current) => current || sent.label);
        setDescription((current) => current || sent.description);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The new code goes directly under{' '}
          <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
            {parent.name}
          </Text>
          .
        </Text>
        <TextInput
          label="Occupation name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={name !== '' ? errors.name : undefined}
          required
          dir="auto"
          data-testid="create-name"
        />
        <TextInput
          label="Occupation code"
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={label !== '' ? errors.label : undefined}
          required
          dir="auto"
          data-testid="create-code"
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={2}
          maxRows={8}
          dir="auto"
          data-testid="create-description"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconPlus size={18} />}
            disabled={!complete || !parsed.success}
            loading={createCode.isPending}
            data-testid="create-submit"
          >
            Create child
          </Button>
        </Group>
      </Stack>
    </form>
  );
});
