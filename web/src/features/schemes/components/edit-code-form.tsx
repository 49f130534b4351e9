import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { updateCodeRequest, type CodeRecord, type UpdateCodeRequest } from '@og/shared/contracts/schemes';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { memo, useState, type FormEvent } from 'react';
import { useUpdateCode } from '../api/update-code';
import { fieldErrors } from '../../../lib/field-errors';
import { CodeFields, codeFieldValues, type CodeFieldValues } from './code-fields';

interface EditCodeFormProps {
  scheme: string;
  /** The code as loaded; key the form by value and version so a new version starts a fresh form. */
  record: CodeRecord;
  canEdit: boolean;
}

/** What differs from the loaded code; an empty description equals none (SPEC §5). */
function changesFrom(record: CodeRecord, { name, label, description }: CodeFieldValues): UpdateCodeRequest {
  const changes: UpdateCodeRequest = {};
  if (name !== record.name) changes.name = name;
  if (label !== record.label) changes.label = label;
  if (description !== (record.description ?? '')) changes.description = description === '' ? null : description;
  return changes;
}

/**
 * 'Edit node': ID (read-only), Occupation name, Occupation code and Description; Save when
 * something changed. Memoized: the autosize text area measures itself on every render, and
 * the tree beside it re-renders the page on each open or close.
 */
export const EditCodeForm = memo(function EditCodeForm({ scheme, record, canEdit }: EditCodeFormProps) {
  const updateCode = useUpdateCode(scheme);
  const [values, setValues] = useState(() => codeFieldValues(record));

  const changes = changesFrom(record, values);
  const changed = Object.keys(changes).length > 0;
  const parsed = changed ? updateCodeRequest.safeParse(changes) : null;
  const errors = parsed && !parsed.success ? fieldErrors(parsed.error.issues) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit || !parsed?.success) return;
    updateCode.mutate({ value: record.value, version: record.version, changes: parsed.data });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {!canEdit && (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            Only administrators can change codes.
          </Alert>
        )}
        <TextInput label="ID" value={record.value} readOnly variant="filled" data-testid="edit-id" />
        <CodeFields values={values} onChange={setValues} errors={errors} readOnly={!canEdit} form="edit" />
        {canEdit && (
          <Group justify="flex-end" gap="sm">
            {changed && (
              <Button variant="subtle" color="gray" onClick={() => setValues(codeFieldValues(record))} data-testid="edit-reset">
                Undo changes
              </Button>
            )}
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} />}
              disabled={!changed || !parsed?.success}
              loading={updateCode.isPending}
              data-testid="edit-save"
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
});
