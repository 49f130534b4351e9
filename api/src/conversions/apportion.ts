/**
 * Splits a whole amount by weights into whole parts that add up to it exactly (the largest
 * remainder method): each part gets the whole of its exact share, and what is left goes one by one
 * to the largest remainders (ties to the earlier part). Negative amounts split as their magnitude.
 * Amounts are bigints: census totals summed over millions of rows stay exact.
 */
export function apportion(amount: bigint, weights: readonly number[]): bigint[] {
  if (weights.length === 0) return [];
  if (weights.length === 1) return [amount];
  const sign = amount < 0n ? -1n : 1n;
  const whole = amount * sign;
  const sum = weights.reduce((total, weight) => total + Math.max(0, weight), 0);
  const shares = sum > 0 ? weights.map((weight) => Math.max(0, weight) / sum) : weights.map(() => 1 / weights.length);
  // Shares as fractions of a large denominator, so the arithmetic stays in integers.
  const scaled = shares.map((share) => BigInt(Math.round(share * 1e9)));
  const scaledSum = scaled.reduce((total, part) => total + part, 0n) || 1n;
  const parts = scaled.map((part) => (whole * part) / scaledSum);
  const remainders = scaled.map((part, index) => ({ index, remainder: (whole * part) % scaledSum }));
  let left = whole - parts.reduce((total, part) => total + part, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (let at = 0; left > 0n; at = (at + 1) % remainders.length, left--) parts[remainders[at]!.index]! += 1n;
  return parts.map((part) => part * sign);
}
