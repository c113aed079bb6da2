import { initials } from '@/lib/utils';

/**
 * The person's initials on a gradient: a picture of them, not a label. The letters are drawn by
 * CSS (`content: attr(...)`), so a control that holds the avatar is named by what it does (the
 * account menu's "Account menu") and not also by two letters a screen reader would spell out
 * (WCAG 2.5.3: visible text must be part of the accessible name).
 */
export function Avatar({ name, className = '' }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      data-initials={initials(name)}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-[#c4b5fd] to-[#fdba9a] text-sm font-semibold text-[#2c1d4a] before:content-[attr(data-initials)] ${className}`}
    />
  );
}
