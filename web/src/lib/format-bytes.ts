/** Sizes in decimal units (1 KB = 1,000 bytes), as file managers and SPEC §9's "1 GB" count them. */
const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** '850 bytes', '270 KB', '1.4 GB': three significant digits at most, in English number format. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes.toLocaleString('en')} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits)).toLocaleString('en')} ${units[unit]}`;
}
