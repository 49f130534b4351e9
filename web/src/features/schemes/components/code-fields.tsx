import { Textarea, TextInput } from '@mantine/core';

/** A code's text as its forms hold it: an empty description means none. */
export interface CodeFieldValues {
  name: string;
  label: string;
  description: string;
}

export function codeFieldValues(record: { name: string; label: string; description?: string }): CodeFieldValues {
  return { name: record.name, label: record.label, description: record.description ?? '' };
}

const requiredFields = [
  { field: 'name', label: 'Occupation name', testId: 'name' },
  { field: 'label', label: 'Occupation code', testId: 'code' },
] as const;

interface CodeFieldsProps {
  values: CodeFieldValues;
  /** Takes an update of the values, so a form's `setState` fits. */
  onChange: (update: (current: CodeFieldValues) => CodeFieldValues) => void;
  errors: Partial<Record<keyof CodeFieldValues, string>>;
  readOnly?: boolean;
  /** The form's name in the fields' test ids: `{form}-name`, `{form}-code`, `{form}-description`. */
  form: 'create' | 'edit';
}

/** Occupation name, Occupation code (both required) and Description of the create and edit forms (SPEC §5). */
export function CodeFields({ values, onChange, errors, readOnly, form }: CodeFieldsProps) {
  const setField = (field: keyof CodeFieldValues, value: string) => onChange((current) => ({ ...current, [field]: value }));

  return (
    <>
      {requiredFields.map(({ field, label, testId }) => (
        <TextInput
          key={field}
          label={label}
          value={values[field]}
          onChange={(event) => setField(field, event.currentTarget.value)}
          error={errors[field]}
          readOnly={readOnly}
          required
          dir="auto"
          data-testid={`${form}-${testId}`}
        />
      ))}
      <Textarea
        label="Description"
        value={values.description}
        onChange={(event) => setField('description', event.currentTarget.value)}
        error={errors.description}
        readOnly={readOnly}
        autosize
        minRows={2}
        maxRows={8}
        dir="auto"
        data-testid={`${form}-description`}
      />
    </>
  );
}
