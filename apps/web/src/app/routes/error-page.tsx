import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown when a route fails to render or its code cannot load (e.g. a new deploy, or offline). */
export function RouteErrorPage() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <title>Something went wrong — Lumiskin</title>
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-foreground">
        <TriangleAlertIcon className="size-7" aria-hidden />
      </span>
      <h1 className="text-h1 font-semibold">Something went wrong</h1>
      <p className="mt-4 text-muted-foreground">
        This page could not be shown. Reloading usually fixes it; your data is safe.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden /> Reload
        </Button>
        <Button asChild variant="outline">
          <a href={paths.home.href}>Back to home</a>
        </Button>
      </div>
    </main>
  );
}
