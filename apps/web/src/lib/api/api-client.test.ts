import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiRequestError,
  isOfflineFailure,
  READ_ANSWER_TIMEOUT_MS,
  setUnauthorizedHandler,
} from '@/lib/api/api-client';
import { isServerReachable, reportReachable } from '@/lib/platform/connection';
import { getSession, saveSession, TOKEN_KEY, USER_KEY } from '@/lib/platform/storage';
import { createUser, fakeFetch, json } from '@/testing/test-utils';

describe('api client', () => {
  it('sends the stored token as a bearer header', async () => {
    saveSession({ token: 'tok_abc', user: createUser() });
    const health = { status: 'ok', database: 'up', version: '1.0.0', uptime_s: 5 };
    const fetch = fakeFetch(() => json(200, health));

    await expect(api.get('/health')).resolves.toEqual(health);

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/health');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok_abc');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetch = fakeFetch(() =>
      json(200, { status: 'ok', database: 'up', version: '1.0.0', uptime_s: 5 }),
    );
    await api.get('/health');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('clears both keys and hands over to the unauthorized handler on any 401', async () => {
    saveSession({ token: 'tok_revoked', user: createUser() });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeFetch(() => json(401, { detail: 'Your session has ended', code: 'unauthorized' }));

    const error = await api.get('/auth/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 401,
      detail: 'Your session has ended',
      code: 'unauthorized',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on other errors', async () => {
    saveSession({ token: 'tok_abc', user: createUser() });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeFetch(() => json(403, { detail: 'Staff only', code: 'forbidden' }));

    await expect(api.get('/admin/users')).rejects.toMatchObject({
      status: 403,
      detail: 'Staff only',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok_abc');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('restores a session only when both keys exist', () => {
    localStorage.setItem(TOKEN_KEY, 'tok_only');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    expect(getSession()).toBeNull();

    localStorage.setItem(USER_KEY, JSON.stringify(createUser()));
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY }));
    expect(getSession()).toMatchObject({ token: 'tok_only', user: { name: 'Ada Tester' } });
  });

  describe('a connection that went dead (a phone between networks)', () => {
    /** fetch as a dead connection answers it: never, until the request is aborted. */
    const hangingFetch = () =>
      fakeFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            );
          }),
      );
    afterEach(() => {
      vi.useRealTimers();
      reportReachable(true);
    });

    it('a read whose answer has not begun in 45 s is given up, as no answer', async () => {
      vi.useFakeTimers();
      hangingFetch();
      const read = api.get('/dashboard/stats');
      const failure = read.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(READ_ANSWER_TIMEOUT_MS - 1);
      expect(isServerReachable()).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      const error = await failure;
      expect(error).toBeInstanceOf(TypeError);
      // The app then says it cannot reach the server (the offline bar, the pages' retry).
      expect(isServerReachable()).toBe(false);
      expect(isOfflineFailure(error)).toBe(true);
    });

    it('a write is never cut short: it may have been done', async () => {
      vi.useFakeTimers();
      const fetch = hangingFetch();
      let settled = false;
      void api.post('/routine/products', { name: 'x' }).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(READ_ANSWER_TIMEOUT_MS * 3);
      expect(settled).toBe(false);
      expect(fetch.mock.calls[0]?.[1]?.signal).toBeUndefined();
    });

    it("the caller's own abort is still the caller's, not a dead connection", async () => {
      vi.useFakeTimers();
      hangingFetch();
      const controller = new AbortController();
      const read = api.get('/dashboard/stats', { signal: controller.signal });
      controller.abort();
      await expect(read).rejects.toMatchObject({ name: 'AbortError' });
      expect(isServerReachable()).toBe(true);
    });
  });
});
