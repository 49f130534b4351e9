import { z } from 'zod';
import { plainText } from './validation.js';

/** SPEC §7: the login body carries username, password and either a project or a tag. */
export const loginRequest = z
  .object({
    username: plainText(200).transform((value) => value.trim()).refine((value) => value.length > 0, 'Username is required'),
    password: z.string().min(1, 'Password is required').max(1024),
    project: plainText(200).transform((value) => value.trim()).optional(),
    tag: plainText(200).transform((value) => value.trim()).optional(),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

export const roles = ['admin', 'member'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** The user object the API returns on login and validate (kept in session storage under `odx_user`). */
export const sessionUser = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  role,
  project: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Session storage key for the logged-in user (SPEC §9). */
export const userStorageKey = 'odx_user';
/** Cookie holding the opaque session token (httpOnly). */
export const sessionCookieName = 'og_session';
/** Cookie holding the CSRF token, readable by the page, echoed back in {@link csrfHeaderName}. */
export const csrfCookieName = 'og_csrf';
/** Header every state-changing request must carry, equal to the CSRF cookie. */
export const csrfHeaderName = 'x-csrf-token';
/** The project value the login form sends (SPEC §6). */
export const defaultProject = 'occpast';
