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

/** The one place a review's success notice takes: each replaces the one before (issue 29). */
export const reviewSuccessId = 'review-success';

/** Closes the review's success notice (an action in it was taken: it has done its work). */
export function hideReviewSuccess(): void {
  notifications.hide(reviewSuccessId);
}

/**
 * Lifts a review notice above the review's footer (its tag field and save button, marked
 * `data-review-footer`): the footer sticks to the window's bottom, or sits higher on a short page.
 */
function aboveReviewFooter(): { marginBottom: number } {
  const footer = typeof document === 'undefined' ? null : document.querySelector('[data-review-footer]');
  // Between entries the footer may be away for a moment: the height it has at the window's bottom.
  if (!footer) return { marginBottom: 80 };
  return { marginBottom: Math.max(0, Math.ceil(window.innerHeight - footer.getBoundingClientRect().top) + 8) };
}

/** Each replacement asks for a slightly different time, so the notice's 10-second clock starts again. */
let successClock = 0;

/**
 * Review screens: bottom left above the footer, gone after 10 seconds (SPEC §9). Successes come
 * one at a time: the next replaces the one shown, in its place; failures (red) each keep their own.
 */
export function notifyReview(notice: Notice): void {
  if (notice.color === 'red') {
    notifications.show({ ...notice, position: 'bottom-left', autoClose: 10_000, style: aboveReviewFooter() });
    return;
  }
  successClock = (successClock + 1) % 2;
  const success = { ...notice, id: reviewSuccessId, position: 'bottom-left' as const, autoClose: 10_000 + successClock, style: aboveReviewFooter() };
  // Either call does nothing when the other applies: update needs the notice shown, show needs it gone.
  notifications.update(success);
  notifications.show(success);
}
