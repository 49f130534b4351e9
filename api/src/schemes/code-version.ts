import crypto from 'node:crypto';

/**
 * A short fingerprint of what an editor can change; If-Match carries it back to detect lost updates.
 * Not a security measure (a collision only weakens a conflict check), so the one-shot SHA-1: the
 * tree endpoint computes one per code, and SHA-1 costs less than SHA-256.
 */
export function codeVersion(fields: { name: string; label: string; description?: string | undefined; parent?: string | undefined }): string {
  return crypto.hash('sha1', [fields.name, fields.label, fields.description ?? '', fields.parent ?? ''].join('\u0000'), 'base64url').slice(0, 16);
}
