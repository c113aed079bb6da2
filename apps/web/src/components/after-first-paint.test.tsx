import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AfterFirstPaint,
  markFirstPaint,
  resetFirstPaintForTests,
} from '@/components/after-first-paint';

beforeEach(() => resetFirstPaintForTests());

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AfterFirstPaint', () => {
  it('shows the fallback in the first commit and the content after the next frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);

    render(
      <AfterFirstPaint fallback={<p>placeholder</p>}>
        <p>lower cards</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.queryByText('lower cards')).not.toBeInTheDocument();

    // The frame is painted; the content comes in the task after it.
    await act(async () => {
      frames.splice(0).forEach((cb) => cb(0));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('lower cards')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
  });

  it('renders the content anyway in a tab that has no frames (hidden)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);

    render(
      <AfterFirstPaint fallback={<p>placeholder</p>}>
        <p>lower cards</p>
      </AfterFirstPaint>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByText('lower cards')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('lower cards')).toBeInTheDocument();
  });

  it('shows the content at once once the app has painted (a later page, a hydrated server page)', () => {
    markFirstPaint();
    render(
      <AfterFirstPaint fallback={<p>placeholder</p>}>
        <p>lower cards</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('lower cards')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
  });
});
