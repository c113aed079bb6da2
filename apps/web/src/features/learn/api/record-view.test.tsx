import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/platform/storage';
import { useViewBeacon, VIEW_AFTER_MS } from '@/features/learn/api/record-view';

function Article({ id }: { id: string }) {
  useViewBeacon(id);
  return null;
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

const URL = '/api/blog/posts/post-1/view';

describe('the article view beacon', () => {
  let beacon: ReturnType<typeof vi.fn>;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    beacon = vi.fn(() => true);
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one beacon once the article was visible a moment, never on opening', () => {
    const { rerender } = render(<Article id="post-1" />);
    expect(beacon).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS - 1));
    expect(beacon).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(beacon).toHaveBeenCalledExactlyOnceWith(URL);
    rerender(<Article id="post-1" />);
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS * 3));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing while the tab is hidden (background tab, prerender) or after a quick bounce', () => {
    visibility = 'hidden';
    const { unmount } = render(<Article id="post-1" />);
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS * 5));
    expect(beacon).not.toHaveBeenCalled();
    // Shown, then hidden again before the moment passed: the clock starts over.
    act(() => setVisibility('visible'));
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS - 500));
    act(() => setVisibility('hidden'));
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS));
    expect(beacon).not.toHaveBeenCalled();
    act(() => setVisibility('visible'));
    unmount();
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS * 2));
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends a signed-in reader's view with their token (a beacon cannot), kept alive", () => {
    saveSession({
      token: 'reader-token-0123456789abcdef',
      user: {
        id: 'u1',
        name: 'Reader',
        email: 'reader@example.com',
        role: 'user',
        created_at: '2026-01-01T00:00:00.000Z',
        profile: { skinType: 'normal', skinConcerns: [] },
      },
    });
    render(<Article id="post-1" />);
    act(() => vi.advanceTimersByTime(VIEW_AFTER_MS));
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(URL, {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer reader-token-0123456789abcdef' },
    });
  });
});
