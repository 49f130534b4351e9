import type { Role } from '@og/shared/contracts/auth';
import { AppError } from '@og/shared/errors/app-error';
import { hashPassword, verifyPassword } from './password.js';
import type { Database } from '../db/database.js';
import { findUserByUsername, insertUser, updateUserPassword, type UserRow } from '../db/queries/users.js';

export const minimumPasswordLength = 8;

function checkPassword(password: string): void {
  if (password.length < minimumPasswordLength) {
    throw new AppError('validation_failed', `The password must have at least ${minimumPasswordLength} characters.`);
  }
}

export async function createUser(
  db: Database,
  user: { username: string; name?: string; role: Role; password: string },
): Promise<UserRow> {
  const username = user.username.trim();
  if (!/^[\p{L}\p{N}._@-]{1,200}$/u.test(username)) {
    throw new AppError('validation_failed', 'A username is 1 to 200 letters, digits, dots, dashes, underscores or @.');
  }
  checkPassword(user.password);
  if (await findUserByUsername(db, username)) throw new AppError('conflict', `The user '${username}' exists already.`);
  return insertUser(db, { username, name: user.name?.trim() || username, role: user.role, passwordHash: await hashPassword(user.password) });
}

/** Makes sure an admin with this username and password exists (start-up with OG_ADMIN_USER/OG_ADMIN_PASSWORD). */
export async function ensureAdmin(
  db: Database,
  admin: { username: string; password: string },
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findUserByUsername(db, admin.username);
  if (!existing) {
    await createUser(db, { username: admin.username, role: 'admin', password: admin.password });
    return 'created';
  }
  if (existing.role === 'admin' && (await verifyPassword(admin.password, existing.password_hash))) return 'unchanged';
  checkPassword(admin.password);
  await updateUserPassword(db, existing.id, await hashPassword(admin.password), 'admin');
  return 'updated';
}
