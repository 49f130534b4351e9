import type { Role } from '@og/shared/contracts/auth';
import type { Queryable } from '../database.js';

export interface UserRow {
  id: string;
  username: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: Date;
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
  return result.rows[0] ?? null;
}

export async function insertUser(
  db: Queryable,
  user: { username: string; name: string; role: Role; passwordHash: string },
): Promise<UserRow> {
  const result = await db.query<UserRow>(
    'INSERT INTO users (username, name, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING *',
    [user.username, user.name, user.role, user.passwordHash],
  );
  return result.rows[0]!;
}

export async function updateUserPassword(db: Queryable, id: string, passwordHash: string, role: Role): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, role = $3 WHERE id = $1', [id, passwordHash, role]);
}

export async function countUsers(db: Queryable): Promise<number> {
  const result = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return result.rows[0]!.count;
}
