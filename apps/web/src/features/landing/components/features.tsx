import {
  CloudSunIcon,
  LayersIcon,
  type LucideIcon,
  RefreshCwIcon,
  ScanFaceIcon,
  SparklesIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

const FEATURES: { icon: LucideIcon; title: string; text: string; className: string }[] = [
  {
    icon: ScanFaceIcon,
    title: 'AI skin intelligence',
    text: 'One photo measures hydration, oiliness, texture, redness and more, zone by zone, in under a minute.',
    className: 'lg:col-span-3',
  },
  {
    icon: CloudSunIcon,
    title: 'Environmental sync',
    text: "Today's UV index, humidity and temperature where you are shape what your routine asks of you.",
    className: 'lg:col-span-3',
  },
  {
    icon: LayersIcon,
    title: 'Modular product logic',
    text: 'One base for your skin type plus up to two boosters for what you want to change. Nothing more.',
    className: 'lg:col-span-2',
  },
  {
    icon: SparklesIcon,
    title: 'Less is more',
    text: 'Fewer, well-chosen products are kinder to your barrier and easier to stick with.',
    className: 'lg:col-span-2',
  },
  {
    icon: RefreshCwIcon,
    title: 'Adaptive routine engine',
    text: 'Each scan updates your morning and evening steps, so your routine changes when your skin does.',
    className: 'lg:col-span-2',
  },
];

export function Features() {
  return (
    <section
      aria-labelledby="features-title"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24"
    >
      <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
        Why Lumiskin
      </p>
      <h2 id="features-title" className="mt-3 max-w-2xl text-h1 font-semibold text-balance">
        Everything your skin needs. Nothing it doesn&rsquo;t.
      </h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {FEATURES.map(({ icon: Icon, title, text, className }, index) => (
          <li
            key={title}
            className={cn(
              'group rounded-2xl border bg-card p-6 shadow-soft transition-shadow duration-200 hover:shadow-lift',
              index === 4 && 'sm:col-span-2 lg:col-span-2',
              className,
            )}
          >
            <span
              className={cn(
                'inline-flex size-11 items-center justify-center rounded-xl',
                index % 2 === 0
                  ? 'bg-primary-soft text-primary-text'
                  : 'bg-accent-soft text-accent-soft-foreground',
              )}
            >
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-5 text-h3 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
