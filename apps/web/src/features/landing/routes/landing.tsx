import { ArrowRightIcon, CheckIcon, ScanFaceIcon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { HydrationSlice } from '@/components/hydration-slice';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ArticleTeasers } from '@/features/landing/components/article-teasers';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { Features } from '@/features/landing/components/features';
import { HeroVisual } from '@/features/landing/components/hero-visual';
import { MixDemo } from '@/features/landing/components/mix-demo';
import { QuizPromo } from '@/features/landing/components/quiz-promo';

/**
 * `content-visibility: auto`: the browser skips layout and paint of a section until it nears the
 * viewport (it stays in the DOM and the accessibility tree); the remembered size keeps the scroll
 * bar steady once a section has been seen.
 */
function Offscreen({ children }: { children: ReactNode }) {
  return (
    <div className="[contain-intrinsic-size:auto_48rem] [content-visibility:auto]">
      <HydrationSlice>{children}</HydrationSlice>
    </div>
  );
}

export default function LandingRoute() {
  return (
    <>
      <title>Lumiskin — skincare that learns you</title>
      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 [background:var(--hero-glow)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-8 lg:pt-24 lg:pb-28">
          <div>
            <Badge variant="accent" className="px-3 py-1">
              <ShieldCheckIcon aria-hidden /> Private AI · your photos stay yours
            </Badge>
            <h1 className="mt-6 text-display font-semibold text-balance">
              Skincare That{' '}
              <span className="bg-gradient-to-r from-primary-text to-[#c2410c] bg-clip-text text-transparent dark:to-accent">
                Learns You
              </span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
              One photo shows what your skin needs today. Lumiskin turns it into a calm morning and
              evening routine — one base, up to two boosters, nothing you don&rsquo;t need.
            </p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button asChild size="lg">
                {/* A visitor signs up first and lands on the scan; a signed-in person goes straight
                    there (the sign-up page forwards them). */}
                <Link to={paths.register.withRedirect(paths.scan.href)}>
                  <ScanFaceIcon aria-hidden /> Start AI Scan
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.shop.href}>Shop Products</Link>
              </Button>
              <Button asChild size="lg" variant="ghost">
                <Link to={paths.learn.href}>
                  Learn More<span className="sr-only"> about skin care</span>{' '}
                  <ArrowRightIcon aria-hidden />
                </Link>
              </Button>
            </div>
            <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              {['Free to start', 'Results in under a minute', 'Delete your data any time'].map(
                (point) => (
                  <li key={point} className="flex items-center gap-2">
                    <CheckIcon className="size-4 text-primary-text" aria-hidden /> {point}
                  </li>
                ),
              )}
            </ul>
          </div>
          <HydrationSlice>
            <HeroVisual />
          </HydrationSlice>
        </div>
      </section>
      <Offscreen>
        <Features />
      </Offscreen>
      <Offscreen>
        <MixDemo />
      </Offscreen>
      <Offscreen>
        <QuizPromo />
      </Offscreen>
      <Offscreen>
        <ArticleTeasers />
      </Offscreen>
      <Offscreen>
        <ClosingCta />
      </Offscreen>
    </>
  );
}
