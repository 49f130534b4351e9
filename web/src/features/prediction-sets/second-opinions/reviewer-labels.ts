import type { AgreementReport } from '@og/shared/contracts/second-opinions';

/**
 * The report names reviewers by their user names: the caller is 'You', the others 'Reviewer 1',
 * 'Reviewer 2'… in the order the report first names them, the same on every table and entry.
 */
export function reviewerLabels(report: AgreementReport, me: string | undefined): (id: string | null) => string {
  const order: string[] = [];
  const note = (id: string | null) => {
    if (id !== null && id !== me && !order.includes(id)) order.push(id);
  };
  for (const pair of report.pairs) pair.reviewers.forEach(note);
  for (const disagreement of report.disagreements) {
    note(disagreement.first.reviewer);
    note(disagreement.second.reviewer);
  }
  return (id) => (id === null ? 'A former reviewer' : id === me ? 'You' : `Reviewer ${order.indexOf(id) + 1}`);
}

/** A share as a percent with one decimal, or '—' when there is nothing to compare. */
export const percentOf = (share: number | null): string => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** κ with three decimals; null never shows as NaN. */
export const kappaOf = (kappa: number | null): string => (kappa === null || !Number.isFinite(kappa) ? '—' : kappa.toFixed(3));
