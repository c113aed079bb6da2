import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { getItem, setItem, THEME_KEY } from '@/lib/platform/storage';

export type Theme = 'light' | 'dark';

interface ThemeContextValue {
  theme: Theme;
  /** True once the visitor picked a theme; until then it follows the system. */
  isExplicit: boolean;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const darkQuery = '(prefers-color-scheme: dark)';

function media(): MediaQueryList | undefined {
  return typeof window === 'undefined' ? undefined : window.matchMedia?.(darkQuery);
}

function systemTheme(): Theme {
  return media()?.matches ? 'dark' : 'light';
}

/** This tab's choice, for when storage is blocked and cannot remember it. */
let chosen: Theme | null = null;

function storedTheme(): Theme | null {
  const value = getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : chosen;
}

/** The <html> class and color-scheme; public/theme-init.js sets them before the first paint. */
function apply(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
function notify() {
  apply(storedTheme() ?? systemTheme());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    media()?.addEventListener('change', notify);
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    media()?.removeEventListener('change', notify);
    window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === THEME_KEY || event.key === null) notify();
}

/** The server renders, and hydration starts from, the light theme with no choice made (docs/decisions/013). */
const serverExplicit = (): Theme | null => null;
const serverSystem = (): Theme => 'light';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const explicit = useSyncExternalStore(subscribe, storedTheme, serverExplicit);
  const system = useSyncExternalStore(subscribe, systemTheme, serverSystem);
  const theme = explicit ?? system;

  const toggleTheme = useCallback(() => {
    chosen = theme === 'dark' ? 'light' : 'dark';
    setItem(THEME_KEY, chosen);
    notify();
  }, [theme]);

  const value = useMemo(
    () => ({ theme, isExplicit: explicit !== null, toggleTheme }),
    [theme, explicit, toggleTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
