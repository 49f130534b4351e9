import crypto from 'node:crypto';

/** A short fingerprint of what an editor can change; If-Match carries it back to detect lost updates. */
export function codeVersion(fields: { name: string; label: string; description?: string | undefined; parent?: string | undefined }): string {
  return crypto
    .createHash('sha256')
    .update([fields.name, fields.label, fields.description ?? '', fields.parent ?? ''].join('\u0000'))
    .digest('base64url')
    .slice(0, 16);
}
