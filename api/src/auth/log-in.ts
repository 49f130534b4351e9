import type { LoginRequest } from '@og/shared/contracts/auth';
import { AppError } from '@og/shared/errors/app-error';
import { LoginThrottle } from './login-throttle.js';
import { decoyPasswordHash, verifyPassword } from './password.js';
import { hashToken, newToken } from './session-tokens.js';
import type { AppContext } from '../context.js';
import { insertSession } from '../db/queries/sessions.js';
import { findUserByUsername, type UserRow } from '../db/queries/users.js';

export interface NewSession {
  user: UserRow;
  token: string;
  csrfToken: string;
  project: string | null;
  expiresAt: Date;
}

/**
 * Checks a username and password and opens a session. A wrong password and an unknown user
 * fail the same way (same message, same status, same KDF cost); every attempt is counted
 * towards the per-user and per-address limit before the password is checked, and given back
 * when it succeeds.
 */
export async function logIn(app: AppContext, input: LoginRequest, address: string): Promise<NewSession> {
  const throttle = new LoginThrottle(app.redis, app.config.redisPrefix, app.config.loginFailuresPerMinute);
  await throttle.takeAttempt(input.username, address);
  const user = await findUserByUsername(app.db, input.username);
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !valid) throw new AppError('unauthenticated', 'Wrong username or password.');
  await throttle.returnAttempt(input.username, address);
  const token = newToken();
  const csrfToken = newToken();
  const project = input.project ?? input.tag ?? null;
  const expiresAt = new Date(Date.now() + app.config.sessionTtlMs);
  await insertSession(app.db, { tokenHash: hashToken(token), userId: user.id, csrfToken, project, expiresAt });
  return { user, token, csrfToken, project, expiresAt };
}
