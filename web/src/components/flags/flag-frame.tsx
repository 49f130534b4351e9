import type { ReactNode } from 'react';

export interface FlagProps {
  /** Width in pixels; flags are drawn 3:2. */
  width?: number;
  /** The flag's text alternative; without one the flag is decoration (its language is named beside it). */
  title?: string;
}

/**
 * A flag drawn inline (no image is fetched), in a 60×40 box with a thin edge so its white parts
 * stand out on a white menu.
 */
export function FlagFrame({ width = 21, title, children }: FlagProps & { children: ReactNode }) {
  const labelled = title !== undefined && title !== '';
  return (
    <svg
      viewBox="0 0 60 40"
      width={width}
      height={(width * 2) / 3}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? title : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
      style={{ display: 'block', flex: 'none', borderRadius: 2, boxShadow: '0 0 0 1px var(--mantine-color-default-border)' }}
    >
      {children}
    </svg>
  );
}
