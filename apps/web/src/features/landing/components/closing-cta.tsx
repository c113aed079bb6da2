import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="relative overflow-hidden border-t">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 [background:var(--hero-glow)] opacity-80"
      />
      <div className="relative mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 lg:py-28">
        <h2 id="cta-title" className="text-h1 font-semibold text-balance">
          Ready to meet your skin?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">
          Create a free account, take your first scan and get a routine made for you in about a
          minute.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.register.href}>
              Get Started Free <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.shop.href}>Browse the shop</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
