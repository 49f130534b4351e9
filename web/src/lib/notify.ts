import type { MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export interface Notice {
  /** Names the notice, so an action in it can close it. */
  id?: string;
  title?: ReactNode;
  message: ReactNode;
  color?: MantineColor;
}

/** Admin screens: bottom right, gone after 4 seconds (SPEC §9). */
export function notifyAdmin(notice: Notice): void {
  notifications.show({ ...notice, position: 'bottom-right', autoClose: 4_000 });
}

/** Review screens: bottom left, gone after 10 seconds (SPEC §9). */
export function notifyReview(notice: Notice): void {
  notifications.show({ ...notice, position: 'bottom-left', autoClose: 10_000 });
}
