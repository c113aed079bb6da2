import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api/api-client';
import { fakeApi, reply, routeOf, takeContractViolations } from '@/testing/fake-api';
import { apiError, createUser, fakeFetch, json } from '@/testing/test-utils';

describe('fake API answers are held to the contract', () => {
  it('finds the route of a request, literal paths before parameters', () => {
    expect(routeOf('GET', '/api/analysis/history?limit=5')).toBe('GET /api/analysis/history');
    expect(routeOf('GET', '/api/analysis/abc')).toBe('GET /api/analysis/:id');
    expect(routeOf('PATCH', '/api/analysis/abc')).toBeNull();
  });

  it('lets an answer the server could send through, and reports one it could not', async () => {
    fakeFetch((url) =>
      url === '/api/auth/me' ? json(200, { user: createUser() }) : json(200, { user: {} }),
    );
    await api.get('/auth/me');
    expect(takeContractViolations()).toEqual([]);

    await api.get('/users/me');
    const [violation] = takeContractViolations();
    expect(violation).toMatch(/GET \/api\/users\/me answered 200 with a body the server could not/);
  });

  it('reports an error body without {detail, code} and a route the API does not have', async () => {
    fakeFetch((url) => (url === '/api/settings' ? json(500, {}) : apiError()));
    await expect(api.get('/settings')).rejects.toThrow();
    await expect(api.get('/no-such-route')).rejects.toThrow();
    const violations = takeContractViolations();
    expect(violations[0]).toMatch(/GET \/api\/settings answered 500/);
    expect(violations[1]).toMatch(/GET \/api\/no-such-route: the API has no such route/);
  });

  it('answers by route with typed bodies, and fails a request no fake takes', async () => {
    const user = createUser();
    const fetch = fakeApi({
      'GET /api/auth/me': () => ({ user }),
      'GET /api/settings': () =>
        reply('GET /api/settings', { announcement: '', signups_open: true, scans_open: true }),
    });
    await expect(api.get('/auth/me')).resolves.toEqual({ user });
    await expect(api.get('/settings')).resolves.toMatchObject({ scans_open: true });
    expect(takeContractViolations()).toEqual([]);

    await expect(api.get('/routine')).rejects.toThrow();
    expect(takeContractViolations()).toEqual(['GET /api/routine: no fake answers this request']);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('reports a body field its route does not know, nested too, and an empty PATCH', async () => {
    // The answer does not matter here: what the screen sent is what is checked.
    fakeApi({ 'PATCH /api/users/me': () => apiError(409, 'Try again', 'conflict') });
    const send = (body: object) => api.patch('/users/me', body).catch(() => undefined);
    await send({ name: 'Ada', settings: { marketing: true } });
    expect(takeContractViolations()).toEqual([]);
    await send({ name: 'Ada', role: 'admin', settings: { theme: 'dark' } });
    await send({});
    expect(takeContractViolations()).toEqual([
      'PATCH /api/users/me was sent field(s) it does not know: settings.theme, role (the server answers 400 unknown_field)',
      'PATCH /api/users/me was sent an empty body: the server answers 400 nothing_to_change',
    ]);
  });
});
