import type { Queryable } from '../database.js';
import type { UserRow } from './users.js';

export interface SessionRow {
  token_hash: string;
  user_id: string;
  csrf_token: string;
  project: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export type SessionWithUser = SessionRow & { user: Omit<UserRow, 'password_hash'> };

export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; userId: string; csrfToken: string; project: string | null; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO sessions (token_hash, user_id, csrf_token, project, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [session.tokenHash, session.userId, session.csrfToken, session.project, session.expiresAt],
  );
}

/** The live (unexpired) session with this token hash, with its user. */
export async function findLiveSession(db: Queryable, tokenHash: string): Promise<SessionWithUser | null> {
  const result = await db.query<SessionRow & { username: string; name: string; role: UserRow['role']; user_created_at: Date }>(
    `SELECT s.*, u.username, u.name, u.role, u.created_at AS user_created_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  const row = result.rows[0];
  if (!row) return null;
  const { username, name, role, user_created_at, ...session } = row;
  return { ...session, user: { id: row.user_id, username, name, role, created_at: user_created_at } };
}

/** Slides a session's expiry forward; answers nothing (a vanished session simply stays gone). */
export async function touchSession(db: Queryable, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now(), expires_at = $2 WHERE token_hash = $1', [tokenHash, expiresAt]);
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function countExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const result = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE expires_at <= $1', [now]);
  return result.rows[0]!.count;
}

/** Deletes at most `limit` sessions that expired before `now`; answers how many it deleted. */
export async function deleteExpiredSessionsBatch(db: Queryable, now: Date, limit: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM sessions WHERE token_hash IN (
       SELECT token_hash FROM sessions WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [now, limit],
  );
  return result.rowCount ?? 0;
}
