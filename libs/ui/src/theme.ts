/** Design tokens. Two palettes with the same shape so every component reads `theme.colors.*`. */
export type ThemeMode = 'light' | 'dark';

export interface TesseraTheme {
  mode: ThemeMode;
  colors: {
    background: string;
    surface: string;
    surfaceMuted: string;
    border: string;
    text: string;
    textMuted: string;
    primary: string;
    primaryText: string;
    primaryMuted: string;
    destructive: string;
    destructiveText: string;
    success: string;
    warning: string;
    premium: string;
    focus: string;
    overlay: string;
  };
  radii: { sm: string; md: string; lg: string; full: string };
  space: (step: number) => string;
  font: {
    body: string;
    mono: string;
    size: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  };
  shadow: { card: string; popover: string };
  /** docs/product/shell.md#layout-and-breakpoints: mobile < 768, tablet 768–1023, desktop ≥ 1024. */
  breakpoints: { tablet: number; desktop: number };
  zIndex: { header: number; drawer: number; dialog: number; toast: number };
}

const shared = {
  radii: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  space: (step: number) => `${step * 4}px`,
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    size: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px' },
  },
  breakpoints: { tablet: 768, desktop: 1024 },
  zIndex: { header: 20, drawer: 40, dialog: 60, toast: 80 },
} as const;

export const lightTheme: TesseraTheme = {
  ...shared,
  mode: 'light',
  colors: {
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceMuted: '#f0f2f5',
    border: '#dde1e7',
    text: '#111827',
    textMuted: '#5b6472',
    primary: '#2f54eb',
    primaryText: '#ffffff',
    primaryMuted: '#e8edff',
    destructive: '#c62828',
    destructiveText: '#ffffff',
    // 4.5:1 also on the selected-row tint (#e8edff), where #1b7f3b gave 4.33.
    success: '#17703a',
    warning: '#a15c00',
    premium: '#8a5a00',
    focus: '#2f54eb',
    overlay: 'rgba(17, 24, 39, 0.45)',
  },
  shadow: { card: '0 1px 2px rgba(16, 24, 40, 0.06)', popover: '0 8px 24px rgba(16, 24, 40, 0.16)' },
};

export const darkTheme: TesseraTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    background: '#0f1115',
    surface: '#171a21',
    surfaceMuted: '#1f232c',
    border: '#2c313c',
    text: '#f2f4f7',
    textMuted: '#a3abb8',
    primary: '#7b9bff',
    primaryText: '#0b1020',
    primaryMuted: '#232b45',
    destructive: '#ef5350',
    destructiveText: '#1a0000',
    success: '#5fd38a',
    warning: '#f5b85b',
    premium: '#f5c451',
    focus: '#9db4ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadow: { card: '0 1px 2px rgba(0, 0, 0, 0.4)', popover: '0 8px 24px rgba(0, 0, 0, 0.5)' },
};

export const themes: Record<ThemeMode, TesseraTheme> = { light: lightTheme, dark: darkTheme };

// Typed theme for every styled component in the workspace (lives here so any importer of
// @tessera/ui gets it, not only this package's own compilation).
declare module 'styled-components' {
  export interface DefaultTheme extends TesseraTheme {}
}
