import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { type ThemeMode, themes } from './theme';

export const THEME_MODE_KEY = 'tessera-theme';

interface ThemeModeValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function savedMode(): ThemeMode {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_MODE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
    return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Theme tokens, global styles and the light/dark choice (remembered in localStorage). */
export function ThemeModeProvider({
  children,
  initialMode,
}: {
  children: ReactNode;
  initialMode?: ThemeMode;
}) {
  const [mode, setModeState] = useState<ThemeMode>(() => initialMode ?? savedMode());
  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      globalThis.localStorage?.setItem(THEME_MODE_KEY, next);
    } catch {
      // Private browsing may refuse storage; the choice then lasts for this page only.
    }
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={themes[mode]}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used within a ThemeModeProvider');
  return value;
}
