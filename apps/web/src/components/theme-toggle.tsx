import { MoonIcon, SunIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

/** Switches light/dark. Follows the system until first used, then remembers the choice. */
export function ThemeToggle({ showText = false, ...props }: ButtonProps & { showText?: boolean }) {
  const { theme, toggleTheme } = useTheme();
  const Icon = theme === 'dark' ? SunIcon : MoonIcon;
  const other = theme === 'dark' ? 'Light mode' : 'Dark mode';
  return (
    <Button
      variant="ghost"
      size={showText ? 'default' : 'icon'}
      // With its words shown, they are its name (a voice user says what they see); the icon alone
      // says what it switches to.
      aria-label={showText ? undefined : `Switch to ${other.toLowerCase()}`}
      onClick={toggleTheme}
      {...props}
    >
      <Icon className="size-5" aria-hidden />
      {showText ? <span>{other}</span> : null}
    </Button>
  );
}
