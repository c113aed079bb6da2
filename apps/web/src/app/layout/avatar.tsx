import { initials } from '@/lib/utils';

export function Avatar({ name, className = '' }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-[#c4b5fd] to-[#fdba9a] text-sm font-semibold text-[#2c1d4a] ${className}`}
    >
      {initials(name)}
    </span>
  );
}
