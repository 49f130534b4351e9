const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count as the landing shows it: a whole number with thousands separators (12,345). */
export function formatCount(value: number): string {
  return countFormat.format(Math.round(value));
}

/** An edge's count in words: '1 link', '3,012 links'. */
export function linksText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'link' : 'links'}`;
}
