import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicePhoto, keepDevicePhoto } from '@/features/scan/lib/device-photos';
import { clearSession, saveSession } from '@/lib/platform/storage';
import { createUser } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('photos of scans analysed on this device', () => {
  it('are kept in memory per analysis and revoked when the person signs out', () => {
    const revoked: string[] = [];
    let made = 0;
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => `blob:kept-${++made}`;
        static override revokeObjectURL = (url: string) => void revoked.push(url);
      },
    );
    saveSession({ token: 'tok', user: createUser({ id: 'usr_a' }) });
    keepDevicePhoto('a1', new Blob(['x']), { width: 10, height: 20 });
    keepDevicePhoto('a2', new Blob(['y']), { width: 30, height: 40 });
    expect(devicePhoto('a1')).toEqual({ url: 'blob:kept-1', width: 10, height: 20 });
    expect(devicePhoto('a2')?.url).toBe('blob:kept-2');
    expect(revoked).toEqual([]);

    clearSession();
    expect(devicePhoto('a1')).toBeNull();
    expect(devicePhoto('a2')).toBeNull();
    expect(revoked.sort()).toEqual(['blob:kept-1', 'blob:kept-2']);
  });
});
