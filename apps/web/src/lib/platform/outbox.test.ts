import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportReachable } from '@/lib/platform/connection';
import {
  flushOutbox,
  resetOutboxForTests,
  sendOrQueue,
  startOutbox,
  useOutbox,
} from '@/lib/platform/outbox';
import { clearSession, saveSession } from '@/lib/platform/storage';
import { createUser, fakeFetch, json } from '@/testing/test-utils';

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  reportReachable(true);
  resetOutboxForTests();
  saveSession({ token: 'tok-1', user: createUser({ id: 'usr_1' }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server's answer to a like or a save (contract LikeResponse, SaveResponse). */
const answerEdit = (url: string) =>
  url.endsWith('/save') ? json(200, { saved: true }) : json(200, { liked: true, likes: 1 });

const like = (id: string, method: 'POST' | 'DELETE' = 'POST') =>
  sendOrQueue({ method, path: `/blog/posts/${id}/like`, label: `Like ${id}` });

describe('outbox', () => {
  it('keeps edits made offline, shows them as pending, and sends them in order when back online', async () => {
    online = false;
    const fetch = fakeFetch(answerEdit);
    const { result } = renderHook(() => useOutbox());
    expect((await like('a')).queued).toBe(true);
    expect((await like('a', 'DELETE')).queued).toBe(true);
    expect(
      (await sendOrQueue({ method: 'POST', path: '/blog/posts/b/save', label: 'Save b' })).queued,
    ).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.map((e) => e.label)).toEqual(['Like a', 'Like a', 'Save b']);

    online = true;
    const flushed = vi.fn();
    const stop = startOutbox(flushed);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await flushOutbox();
    });
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/blog/posts/a/like',
      'DELETE /api/blog/posts/a/like',
      'POST /api/blog/posts/b/save',
    ]);
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer tok-1');
    expect(result.current).toEqual([]);
    expect(flushed).toHaveBeenCalled();
    stop();
  });

  it('sends at once when online, and keeps an edit that got no answer', async () => {
    const fetch = fakeFetch(() => json(200, { liked: true, likes: 3 }));
    expect(await like('c')).toEqual({ queued: false, data: { liked: true, likes: 3 } });
    expect(fetch).toHaveBeenCalledTimes(1);

    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await like('d');
    expect(result.queued).toBe(true);
  });

  it('puts a new edit behind one still waiting, so the order holds', async () => {
    online = false;
    fakeFetch(answerEdit);
    await like('e');
    online = true;
    const fetch = fakeFetch(answerEdit);
    const second = await like('e', 'DELETE');
    expect(second.queued).toBe(true);
    await flushOutbox();
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['POST', 'DELETE']);
  });

  it('drops an edit the server refuses (so it blocks nothing), and stops at a server error', async () => {
    online = false;
    fakeFetch(answerEdit);
    await like('gone');
    await like('f');
    await like('g');
    online = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    fakeFetch((url) => {
      calls += 1;
      if (url.includes('/gone/'))
        return json(404, { detail: 'Article not found', code: 'not_found' });
      if (url.includes('/g/')) return json(503, { detail: 'down', code: 'database_unavailable' });
      return answerEdit(url);
    });
    const { result } = renderHook(() => useOutbox());
    await act(() => flushOutbox());
    expect(calls).toBe(3);
    expect(warn).toHaveBeenCalled();
    expect(result.current.map((e) => e.label)).toEqual(['Like g']);
  });

  it('drops what was not sent when the person signs out', async () => {
    const stop = startOutbox(() => {});
    online = false;
    fakeFetch(answerEdit);
    await like('h');
    const { result } = renderHook(() => useOutbox());
    expect(result.current).toHaveLength(1);
    act(() => clearSession());
    await vi.waitFor(() => expect(result.current).toEqual([]));
    stop();
  });
});
