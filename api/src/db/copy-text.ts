/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
export function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (character) => (character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r'));
}

/** A nullable value in COPY's text format (`\N` for null). */
export function copyNullable(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '\\N' : typeof value === 'number' ? String(value) : copyField(value);
}
