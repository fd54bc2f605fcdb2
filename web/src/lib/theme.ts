import { createTheme } from '@mantine/core';

/** Shade 8 keeps white-on-primary text above 4.5:1 contrast (toolchain gotcha 5). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});
