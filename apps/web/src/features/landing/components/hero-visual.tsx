import { DropletsIcon, SunIcon } from 'lucide-react';

/**
 * A serum bottle in a soft glow with two floating result chips: the product at a glance. Plain
 * SVG and CSS without filters or backdrop blur, so it costs little to paint on a phone.
 *
 * The chips' figures are fixed, so each says it is an example (issue 34: "Hydration 82 %" and
 * "Today in London UV 4" read as live data); nothing here claims to be today's or the visitor's.
 */
export function HeroVisual() {
  return (
    <div className="relative mx-auto aspect-[4/5] w-full max-w-[26rem]">
      <div
        aria-hidden
        className="absolute top-1/2 left-[4%] aspect-square w-[92%] -translate-y-1/2 rounded-full bg-gradient-to-br from-[#ede4fe] via-[#f6ecff] to-[#fde7dc] dark:from-[#2e2150] dark:via-[#2a2036] dark:to-[#3a2620]"
      />
      <svg
        viewBox="0 0 320 400"
        width="320"
        height="400"
        className="relative h-full w-full"
        role="img"
        aria-label="A Lumiskin serum bottle with a violet dropper"
      >
        <defs>
          <linearGradient id="hero-glass" x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#c4b5fd" />
            <stop offset="0.45" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#7c3aed" />
          </linearGradient>
          <linearGradient id="hero-cap" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#3b2a5c" />
            <stop offset="1" stopColor="#1f1530" />
          </linearGradient>
          <linearGradient id="hero-label" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fffaf7" />
            <stop offset="1" stopColor="#fdeee7" />
          </linearGradient>
        </defs>
        {/* A soft ground shadow drawn in the SVG itself: no CSS filter to paint on every frame. */}
        <ellipse cx="160" cy="374" rx="104" ry="16" fill="#4c1d95" opacity="0.1" />
        <ellipse cx="160" cy="372" rx="84" ry="10" fill="#4c1d95" opacity="0.14" />
        <rect x="136" y="40" width="48" height="34" rx="10" fill="url(#hero-cap)" />
        <rect x="128" y="70" width="64" height="44" rx="12" fill="url(#hero-cap)" />
        <rect x="82" y="108" width="156" height="262" rx="46" fill="url(#hero-glass)" />
        <rect x="96" y="122" width="16" height="200" rx="8" fill="#ffffff" opacity="0.35" />
        <rect x="104" y="186" width="112" height="124" rx="18" fill="url(#hero-label)" />
        <text
          x="160"
          y="232"
          textAnchor="middle"
          fontFamily="Inter Variable, sans-serif"
          fontSize="19"
          fontWeight="650"
          fill="#2c1d4a"
          letterSpacing="-0.3"
        >
          Lumiskin
        </text>
        <text
          x="160"
          y="256"
          textAnchor="middle"
          fontFamily="Inter Variable, sans-serif"
          fontSize="9.5"
          fontWeight="600"
          fill="#9a3b1e"
          letterSpacing="1.6"
        >
          AQUAHYDRA
        </text>
        <path d="M160 272c0 0-10 11-10 18a10 10 0 0 0 20 0c0-7-10-18-10-18Z" fill="#a78bfa" />
      </svg>

      <div
        data-example
        className="absolute top-[16%] -left-2 flex items-center gap-3 rounded-2xl border bg-card/95 px-4 py-3 reduced-transparency:bg-card shadow-lift sm:-left-8"
      >
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
          <DropletsIcon className="size-4.5" aria-hidden />
        </span>
        <div>
          <p className="text-xs text-muted-foreground">Example scan · Hydration</p>
          <p className="text-sm font-semibold">
            82% <span className="font-medium text-success-soft-foreground">· Good</span>
          </p>
        </div>
      </div>

      <div
        data-example
        className="absolute right-0 bottom-[14%] flex items-center gap-3 rounded-2xl border bg-card/95 px-4 py-3 reduced-transparency:bg-card shadow-lift sm:-right-6"
      >
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
          <SunIcon className="size-4.5" aria-hidden />
        </span>
        <div>
          <p className="text-xs text-muted-foreground">Example day · UV index 4</p>
          <p className="text-sm font-semibold">Add SPF 30</p>
        </div>
      </div>
    </div>
  );
}
