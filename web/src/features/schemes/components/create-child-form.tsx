import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { createCodeRequest, type CodeRecord } from '@og/shared/contracts/schemes';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { memo, useState, type FormEvent } from 'react';
import { useCreateCode } from '../api/create-code';
import { fieldErrors } from '../../../lib/field-errors';
import { CodeFields, type CodeFieldValues } from './code-fields';

const emptyValues: CodeFieldValues = { name: '', label: '', description: '' };

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
  const [values, setValues] = useState<CodeFieldValues>(emptyValues);

  if (!canEdit) {
    return (
      <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
        Only administrators can create codes.
      </Alert>
    );
  }

  const { name, label, description } = values;
  const request = { parent: parent.value, name, label, ...(description === '' ? {} : { description }) };
  const parsed = createCodeRequest.safeParse(request);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  // 'is required' is what the disabled button already says; other problems show at once.
  const shownErrors = {
    name: name !== '' ? errors.name : undefined,
    label: label !== '' ? errors.label : undefined,
    description: errors.description,
  };
  const complete = name.trim() !== '' && label.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || !parsed.success) return;
    const sent = values;
    setValues(emptyValues);
    onSubmitted?.();
    createCode.mutate(parsed.data, {
      // Nothing is lost when the server refuses: the form gets its text back if still empty.
      onError: () =>
        setValues((current) => ({
          name: current.name || sent.name,
          label: current.label || sent.label,
          description: current.description || sent.description,
        })),
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
        <CodeFields values={values} onChange={setValues} errors={shownErrors} form="create" />
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
