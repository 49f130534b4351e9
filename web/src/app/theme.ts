import { createTheme, type CSSVariablesResolver, DEFAULT_THEME, darken } from '@mantine/core';

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG AA for body text, with a little room for the tinted backgrounds of light variants. */
const textContrast = 4.8;

/** The darkest-needed shade of a colour that reads as text on white: its shade 9, darkened until it does. */
function readableOnWhite(shades: readonly string[]): string {
  let color = shades[9]!;
  for (let step = 0; step < 10 && 1.05 / (luminance(color) + 0.05) < textContrast; step++) color = darken(color, 0.08);
  return color;
}

/**
 * Colour text that passes axe-core's contrast rules in both schemes (issue 15): in light mode,
 * coloured text (`c="teal"`, anchors, light and subtle variants, active navigation links) uses
 * the colour's readable shade instead of shade 6, and dimmed text is a darker grey.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).flatMap((name) => {
        const readable = readableOnWhite(theme.colors[name]!);
        return [
          [`--mantine-color-${name}-text`, readable],
          [`--mantine-color-${name}-light-color`, readable],
        ];
      }),
    ),
  },
  dark: {},
});

export { cssVariablesResolver };

export const theme = createTheme({
  primaryColor: 'teal',
  // Filled teal with white text reads at 4.9:1 in light mode; in dark mode, text on a filled
  // colour is black or white, whichever contrasts more (the luminance where both are equal).
  primaryShade: { light: 9, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});
