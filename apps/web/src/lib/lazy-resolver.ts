import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema is imported at its first use: a form's page hydrates
 * without zod and its schemas, the largest part of a sign-in page's script (decision 120). The
 * returned `preload` starts the import early, e.g. when the form first takes focus, so a submit
 * rarely waits for it.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next use tries again
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
