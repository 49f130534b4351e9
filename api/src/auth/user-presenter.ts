import type { SessionUser } from '@og/shared/contracts/auth';
import type { UserRow } from '../db/queries/users.js';

export function presentUser(user: Pick<UserRow, 'id' | 'username' | 'name' | 'role'>, project: string | null): SessionUser {
  return { id: user.id, username: user.username, name: user.name, role: user.role, project };
}
