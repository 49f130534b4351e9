import { createTheme, type CSSVariablesResolver, DEFAULT_THEME, darken, luminance } from '@mantine/core';

/** WCAG AA for body text (4.5:1) on the tinted backgrounds of light variants, which take ~15% off white's. */
const textContrast = 5.4;

/** The darkest-needed shade of a colour that reads as text on white: its shade 9, darkened until it does. */
function readableOnWhite(shades: readonly string[]): string {
  let color = shades[9]!;
  for (let step = 0; step < 10 && 1.05 / (luminance(color) + 0.05) < textContrast; step++) color = darken(color, 0.08);
  return color;
}

/**
 * Colour text that passes axe-core's contrast rules in both schemes: in light mode,
 * coloured text (`c="teal"`, anchors, light and subtle variants, active navigation links) uses
 * the colour's readable shade instead of shade 6, and dimmed text is a darker grey; a filled
 * colour darkens on hover.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const colorNames = Object.keys(DEFAULT_THEME.colors);
  // Hovering a filled colour darkens it (Mantine's default lightens shade 9 to 8, below 4.5:1 under white text).
  const filledHover = Object.fromEntries(colorNames.map((name) => [`--mantine-color-${name}-filled-hover`, darken(theme.colors[name]![9]!, 0.15)]));
  const readableText = Object.fromEntries(
    colorNames.flatMap((name) => {
      const readable = readableOnWhite(theme.colors[name]!);
      return [
        [`--mantine-color-${name}-text`, readable],
        [`--mantine-color-${name}-light-color`, readable],
      ];
    }),
  );
  return {
    variables: {},
    light: { ...filledHover, ...readableText, '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6b7178' },
    // Mantine's dark dimmed (dark-2, #828282) reads at 4.0:1 on the dark body; dark-1 at 7:1.
    dark: { ...filledHover, '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': '#9a9a9a' },
  };
};


export const theme = createTheme({
  primaryColor: 'teal',
  // Filled teal (shade 9) under white text reads at 4.9:1; text on other filled colours is black
  // or white, whichever contrasts more (0.179: the luminance where both are equal).
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});
