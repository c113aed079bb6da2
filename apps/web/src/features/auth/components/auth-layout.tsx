import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo';

const promises = [
  'A skin scan that runs privately, in seconds',
  'A morning and evening routine that adapts',
  'One base and up to two boosters — nothing more',
];

/** Form on the right, a calm brand panel on the left from large screens up. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1fr_1.05fr] lg:items-center lg:gap-16 lg:py-20">
      <title>{`${title} — Lumiskin`}</title>
      <aside className="relative hidden overflow-hidden rounded-[2rem] bg-gradient-to-br from-[#6d28d9] via-[#7c3aed] to-[#9333ea] p-10 text-white shadow-lift lg:block">
        <div
          aria-hidden
          className="absolute -top-16 -right-10 size-64 rounded-full bg-[#fdba9a]/35 blur-3xl"
        />
        <div
          aria-hidden
          className="absolute -bottom-20 -left-10 size-72 rounded-full bg-white/10 blur-3xl"
        />
        <div className="relative">
          <LogoMark className="size-12 drop-shadow-lg" />
          <p className="mt-10 text-3xl leading-tight font-semibold tracking-tight text-balance">
            Skincare that learns you, one scan at a time.
          </p>
          <ul className="mt-8 grid gap-3 text-[0.95rem] text-white">
            {promises.map((line) => (
              <li key={line} className="flex items-start gap-3">
                <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-white/20">
                  <CheckIcon className="size-3" strokeWidth={3} aria-hidden />
                </span>
                {line}
              </li>
            ))}
          </ul>
          <div className="mt-12 flex items-center gap-4 rounded-2xl border border-white/20 bg-[#2e1065]/30 p-5">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full border-4 border-white/30 text-lg font-semibold">
              81
            </span>
            <p className="text-sm leading-relaxed text-white">
              <span className="font-semibold text-white">A sample result:</span> skin score 81,
              “Good”. Each scan compares with your last one, so you can see what is working.
            </p>
          </div>
        </div>
      </aside>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-h1 font-semibold">{title}</h1>
        <p className="mt-2 text-muted-foreground">{description}</p>
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}
