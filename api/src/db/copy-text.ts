/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
export function copyField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (character) => (character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r'));
}

/** A nullable value in COPY's text format (`\N` for null). */
export function copyNullable(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '\\N' : typeof value === 'number' ? String(value) : copyField(value);
}

/** A text array in COPY text (`{}`, `{"hisco:x","hisco:y"}`), each value quoted for the array's own syntax. */
export function copyTextArray(values: readonly string[]): string {
  if (!values.length) return '{}';
  return copyField(`{${values.map((value) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`).join(',')}}`);
}
