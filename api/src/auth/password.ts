import crypto from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Password hashes with scrypt, Node's built-in memory-hard KDF (N=2^15, r=8: 32 MiB per hash).
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later and old
 * hashes still verify.
 */

const scrypt = promisify(crypto.scrypt) as (
  password: string | Buffer,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const defaults = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };

function maxmemFor(N: number, r: number, p: number): number {
  return 128 * N * r * p + 16 * 1024 * 1024;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p, keyLength } = defaults;
  const hash = await scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), salt, expected.length, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the username is unknown, so both cases cost the same. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  return decoyHash;
}

/** A readable random password for a generated account (printed once). */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
