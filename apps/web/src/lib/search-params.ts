import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's search params and a setter for one of them ('' removes it). Filters replace the
 * history entry and keep the scroll position, so typing in a search box does not fill Back.
 */
export function useSearchParam() {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { params, setParams, setParam };
}
