import { CpuIcon, LockIcon, MicroscopeIcon, ScanFaceIcon } from 'lucide-react';

const POINTS = [
  {
    icon: ScanFaceIcon,
    title: '478-point face mesh',
    text: 'Finds your forehead, cheeks, nose, chin and under-eyes precisely.',
  },
  {
    icon: MicroscopeIcon,
    title: 'Measured, not guessed',
    text: 'Redness, shine, texture and spots are measured from the pixels of each zone.',
  },
  {
    icon: CpuIcon,
    title: 'Results in seconds',
    text: 'Our own engine runs on our server; no waiting on outside services.',
  },
  {
    icon: LockIcon,
    title: 'Private by design',
    text: 'Location and camera data are stripped from your photo; delete it any time.',
  },
];

export function TechnologyCard() {
  return (
    <section
      aria-labelledby="technology-title"
      className="relative overflow-hidden rounded-2xl border bg-card p-5 shadow-soft"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 [background:var(--hero-glow)] opacity-70"
      />
      <div className="relative">
        <h2 id="technology-title" className="text-h3 font-semibold">
          How Lumiskin reads your skin
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-card text-primary-text shadow-soft">
                <Icon className="size-5" aria-hidden />
              </span>
              <span>
                <span className="block text-sm font-semibold">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
