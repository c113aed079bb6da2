import { MoonIcon, SunIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

/** Switches light/dark. Follows the system until first used, then remembers the choice. */
export function ThemeToggle({ showText = false, ...props }: ButtonProps & { showText?: boolean }) {
  const { theme, toggleTheme } = useTheme();
  const Icon = theme === 'dark' ? SunIcon : MoonIcon;
  return (
    <Button
      variant="ghost"
      size={showText ? 'default' : 'icon'}
      aria-label="Toggle theme"
      onClick={toggleTheme}
      {...props}
    >
      <Icon className="size-5" aria-hidden />
      {showText ? <span>{theme === 'dark' ? 'Light mode' : 'Dark mode'}</span> : null}
    </Button>
  );
}
