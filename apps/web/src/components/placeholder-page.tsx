import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Screens that later work fills in: a title, one sentence, and a way home. */
export function PlaceholderPage({
  title,
  description,
  icon: Icon,
  eyebrow = 'Coming soon',
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  eyebrow?: string;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{`${title} — Lumiskin`}</title>
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-text shadow-soft">
        <Icon className="size-7" aria-hidden />
      </span>
      <p className="text-xs font-semibold tracking-[0.14em] text-primary-text uppercase">
        {eyebrow}
      </p>
      <h1 className="mt-3 text-h1 font-semibold">{title}</h1>
      <p className="mt-4 text-base leading-relaxed text-muted-foreground">{description}</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.home.href}>Back to home</Link>
      </Button>
    </section>
  );
}
