import { LiveGuidanceText, ScanMessages } from '@lumiskin/contract/scan';
import type { LiveReport } from '@lumiskin/skin-engine';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraView } from '@/features/scan/components/camera-view';
import { ADVICE_WAIT_MS, AUTO_CAPTURE_HOLD_MS } from '@/features/scan/lib/auto-capture';
import type { LiveAssess } from '@/features/scan/lib/live-guidance';
import { liveReport } from '@/testing/live-report';

/** Inside the Android app or not (lib/platform/native.ts), and its system camera screen. */
const native = vi.hoisted(() => ({
  on: false,
  photo: vi.fn(async () => 'data:image/jpeg;base64,NA=='),
}));
vi.mock('@/lib/platform/native', () => ({
  isNative: () => native.on,
  takeNativePhoto: () => native.photo(),
}));

/**
 * jsdom has no camera, video frames or canvas pixels: a fake stream, a 1280×720 video and a
 * canvas whose pixels are grey. The engine is the injected assessor.
 */
beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: () => {} }] }),
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => {},
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      data: new Uint8ClampedArray(width * height * 4).fill(128),
      width,
      height,
    }),
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,AA==');
  localStorage.clear();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  native.on = false;
  native.photo.mockClear();
});

function view(liveAssess?: LiveAssess, angle: 'front' | 'left' = 'front') {
  const onCapture = vi.fn();
  const onError = vi.fn();
  render(
    <CameraView
      angleLabel="Photo"
      angleHint="Look straight at the camera"
      angle={angle}
      liveAssess={liveAssess}
      onCapture={onCapture}
      onCancel={() => {}}
      onError={onError}
    />,
  );
  return { onCapture, onError };
}

describe('CameraView with the engine live gate', () => {
  it('shows the injected assessor’s one instruction, asked with 640-px frames and the capture size', async () => {
    const assess = vi.fn<LiveAssess>(async () =>
      liveReport({ distance: { code: 'face_too_small' }, light: { code: 'too_dark' } }),
    );
    view(assess);
    const line = await screen.findByTestId('live-instruction');
    expect(line).toHaveTextContent(LiveGuidanceText.face_too_small);
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText(LiveGuidanceText.too_dark)).toBeNull();
    const [frame, context] = assess.mock.calls[0] ?? [];
    expect(frame?.width).toBe(640);
    expect(frame?.height).toBe(360);
    expect(context).toEqual({ capture: { width: 1280, height: 720 }, angle: 'front' });
  });

  it('never asks again before the previous answer came back', async () => {
    let resolve: (r: LiveReport) => void = () => {};
    const assess = vi.fn<LiveAssess>(
      () =>
        new Promise<LiveReport>((r) => {
          resolve = r;
        }),
    );
    view(assess);
    await waitFor(() => expect(assess).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(assess).toHaveBeenCalledTimes(1);
    await act(async () => resolve(liveReport({ light: { code: 'too_dark' } })));
    await waitFor(() => expect(assess).toHaveBeenCalledTimes(2));
  });

  it('takes the photo itself once every check has held for a second', async () => {
    const assess = vi.fn<LiveAssess>(async () => liveReport());
    const { onCapture } = view(assess);
    expect(await screen.findByTestId('live-instruction')).toHaveTextContent(
      LiveGuidanceText.capturing,
    );
    expect(screen.getByTestId('capture-countdown')).toBeInTheDocument();
    expect(onCapture).not.toHaveBeenCalled();
    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onCapture).toHaveBeenCalledWith('data:image/jpeg;base64,AA==');
  });

  it('light advice alone (uneven light): asks to turn, then takes the photo after the wait and the hold', async () => {
    const assess = vi.fn<LiveAssess>(async () =>
      liveReport({ evenness: { code: 'uneven_light', value: 1.6 } }),
    );
    const { onCapture } = view(assess);
    const started = Date.now();
    expect(await screen.findByTestId('live-instruction')).toHaveTextContent(
      LiveGuidanceText.uneven_light,
    );
    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(
      ADVICE_WAIT_MS + AUTO_CAPTURE_HOLD_MS - 100,
    );
  });

  it('a check that is not advice (too dark) never lets it take the photo', async () => {
    const assess = vi.fn<LiveAssess>(async () =>
      liveReport({ light: { code: 'too_dark' }, evenness: { code: 'uneven_light' } }),
    );
    const { onCapture } = view(assess);
    expect(await screen.findByTestId('live-instruction')).toHaveTextContent(
      LiveGuidanceText.too_dark,
    );
    await new Promise((r) => setTimeout(r, ADVICE_WAIT_MS + AUTO_CAPTURE_HOLD_MS + 300));
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('with auto-capture off it waits for the shutter button', async () => {
    const assess = vi.fn<LiveAssess>(async () => liveReport());
    const { onCapture } = view(assess);
    await userEvent.click(await screen.findByRole('checkbox', { name: /auto-capture/i }));
    expect(await screen.findByTestId('live-instruction')).toHaveTextContent(LiveGuidanceText.ready);
    await new Promise((r) => setTimeout(r, 1300));
    expect(onCapture).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /capture photo/i }));
    expect(onCapture).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('lumiskin.scan.autoCapture')).toBe('off');
  });

  it('waits for the shutter on a profile of multi-angle mode (the gate cannot tell a turned head)', async () => {
    const assess = vi.fn<LiveAssess>(async () => liveReport());
    const { onCapture } = view(assess, 'left');
    expect(await screen.findByTestId('live-instruction')).toHaveTextContent(LiveGuidanceText.ready);
    expect(screen.queryByRole('checkbox', { name: /auto-capture/i })).toBeNull();
    await new Promise((r) => setTimeout(r, 1300));
    expect(onCapture).not.toHaveBeenCalled();
    expect(assess.mock.calls.at(-1)?.[1]).toMatchObject({ angle: 'left' });
  });

  it('falls back to its own hints when no assessor is given, or the engine has not answered', async () => {
    view();
    expect(await screen.findByRole('list', { name: 'Camera guidance' })).toBeInTheDocument();
    expect(screen.queryByTestId('live-instruction')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /auto-capture/i })).toBeNull();
  });

  it('falls back when the assessor fails', async () => {
    const assess = vi.fn<LiveAssess>(async () => {
      throw new Error('worker gone');
    });
    view(assess);
    await waitFor(() => expect(assess).toHaveBeenCalled());
    expect(await screen.findByRole('list', { name: 'Camera guidance' })).toBeInTheDocument();
    expect(screen.queryByTestId('live-instruction')).toBeNull();
  });
});

describe('CameraView inside the Android app (decision 135)', () => {
  function cameraFails(name: string) {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('no', name)) },
    });
  }

  it('shows the WebView’s camera with the live guidance and takes the photo itself, as on the web', async () => {
    native.on = true;
    const assess = vi.fn<LiveAssess>(async () => liveReport());
    const { onCapture } = view(assess);
    expect(await screen.findByTestId('live-instruction')).toHaveTextContent(
      LiveGuidanceText.capturing,
    );
    await waitFor(() => expect(onCapture).toHaveBeenCalledWith('data:image/jpeg;base64,AA=='), {
      timeout: 2000,
    });
    expect(native.photo).not.toHaveBeenCalled();
  });

  it('falls back to the system camera screen when the WebView cannot open the camera', async () => {
    native.on = true;
    cameraFails('NotReadableError');
    const { onCapture, onError } = view();
    await waitFor(() => expect(onCapture).toHaveBeenCalledWith('data:image/jpeg;base64,NA=='));
    expect(native.photo).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('falls back to the system camera screen when the WebView has no camera API', async () => {
    native.on = true;
    Reflect.deleteProperty(navigator, 'mediaDevices');
    const { onCapture } = view();
    await waitFor(() => expect(onCapture).toHaveBeenCalledWith('data:image/jpeg;base64,NA=='));
  });

  it('a refused permission is said, not worked around', async () => {
    native.on = true;
    cameraFails('NotAllowedError');
    const { onCapture, onError } = view();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(ScanMessages.cameraDenied));
    expect(native.photo).not.toHaveBeenCalled();
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('in a browser a camera that cannot open is said, with no system camera to fall back to', async () => {
    cameraFails('NotReadableError');
    const { onError } = view();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(ScanMessages.cameraUnavailable));
    expect(native.photo).not.toHaveBeenCalled();
  });
});
