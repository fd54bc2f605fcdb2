import { createTheme, darken, luminance, type CSSVariablesResolver } from '@mantine/core';

/** Shade 8 keeps white-on-primary text above 4.5:1 contrast (toolchain gotcha 5). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/** WCAG AA for normal-size text. */
const MIN_CONTRAST = 4.5;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened just enough to be read on `background`. */
function readableOn(background: string, color: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (contrast(candidate, background) >= MIN_CONTRAST) return candidate;
  }
  return '#000';
}

/**
 * Mantine's defaults fail WCAG contrast in two places we use: dimmed text (gray 6, 3.3:1 on white)
 * and the text of light badges and icons in yellow, green, orange and the like (shade 9 on shade 1,
 * down to 2.7:1). Both get a darker shade of the same color.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => {
  const lightColors = Object.entries(mantineTheme.colors).flatMap(([name, shades]) => {
    const text = readableOn(shades[1], shades[9]);
    return text === shades[9] ? [] : [[`--mantine-color-${name}-light-color`, text] as const];
  });
  return {
    variables: {},
    light: {
      // Readable on white and on the pale tints used behind text (blue 1 and lighter).
      '--mantine-color-dimmed': darken(mantineTheme.colors.gray[6], 0.3),
      ...Object.fromEntries(lightColors),
    },
    dark: {},
  };
};
