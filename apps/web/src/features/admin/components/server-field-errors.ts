import { useCallback, useState } from 'react';
import { ApiRequestError } from '@/lib/api/api-client';

/**
 * The fields a refused save named (the answer's `fields`: "title", "tags.2", "options.1.text"),
 * for an editor that keeps its own state instead of react-hook-form. A toast of the first message
 * alone ("Required") did not say which of ten fields it meant.
 */
export function useServerFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** Keeps a refused save's fields; true when it named any (the toast then points at them). */
  const take = useCallback((error: unknown): boolean => {
    const fields = error instanceof ApiRequestError ? error.fields : undefined;
    const named = fields ? Object.entries(fields).filter(([path]) => path !== '_') : [];
    setErrors(Object.fromEntries(named));
    return named.length > 0;
  }, []);

  /** The message for a field or anything inside it ("tags" answers for "tags.2"). */
  const errorFor = useCallback(
    (key: string): string | undefined =>
      errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1],
    [errors],
  );

  /** The message said of exactly this field ("options" itself, not one option of it). */
  const errorAt = useCallback((key: string): string | undefined => errors[key], [errors]);

  /** Forgets what was said about a field once it is edited. */
  const clear = useCallback((key: string) => {
    setErrors((current) => {
      const kept = Object.entries(current).filter(
        ([path]) => path !== key && !path.startsWith(`${key}.`),
      );
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  return { errorFor, errorAt, take, clear };
}

/** What the toast says when the marked fields say the rest. */
export const CHECK_THE_MARKED_FIELDS = 'Check the fields marked below';
