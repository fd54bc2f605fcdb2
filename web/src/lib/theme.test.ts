import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('theme colors (Lighthouse accessibility: WCAG AA contrast)', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(merged).light;

  it('prints dimmed text readably on white and on the pale tints behind it', () => {
    const dimmed = light['--mantine-color-dimmed'] ?? '';
    for (const background of ['#ffffff', merged.colors.gray[1], merged.colors.blue[1]]) {
      expect(contrast(dimmed, background), background).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('keeps light %s badges readable', (name) => {
    const shades = merged.colors[name];
    if (!shades) throw new Error(`no ${name} in the theme`);
    const text = light[`--mantine-color-${name}-light-color`] ?? shades[9];
    expect(contrast(text, shades[1])).toBeGreaterThanOrEqual(4.5);
  });
});
