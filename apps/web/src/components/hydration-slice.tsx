import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (docs/decisions/013): each
 * Suspense boundary in the server's HTML is hydrated and committed separately, so taking over a
 * long page is many short tasks instead of one long one. Nothing inside suspends, so in the
 * browser's own renders it is free.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** `items` in groups of `size`, each group its own hydration slice. */
export function sliced<T>(items: T[], size: number, render: (item: T, index: number) => ReactNode) {
  const slices: ReactNode[] = [];
  for (let start = 0; start < items.length; start += size) {
    slices.push(
      <HydrationSlice key={start}>
        {items.slice(start, start + size).map((item, i) => render(item, start + i))}
      </HydrationSlice>,
    );
  }
  return slices;
}
