import { describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, setUnauthorizedHandler } from '@/lib/api/api-client';
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
});
