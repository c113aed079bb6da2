import { describe, expect, it, vi } from 'vitest';
import { detectLocation } from '@/features/scan/api/geo';
import { fakeApi } from '@/testing/fake-api';
import { json } from '@/testing/test-utils';

const native = vi.hoisted(() => ({
  position: null as { latitude: number; longitude: number } | null,
}));
vi.mock('@/lib/platform/native', () => ({
  currentPosition: () =>
    native.position ? Promise.resolve(native.position) : Promise.reject(new Error('denied')),
}));

const ipUnknown = () => ({ status: 'unknown' as const });
const manchester = {
  name: 'Manchester, GB',
  city: 'Manchester',
  country_code: 'GB',
  country_name: 'United Kingdom',
  lat: 53.48,
  lon: -2.24,
  timezone: 'Europe/London',
  population: 500_000,
  distance_km: 0.4,
};

describe('detectLocation: the device, then the last place, then the connection; never a fixed city', () => {
  it('takes the device position first', async () => {
    native.position = { latitude: 53.48, longitude: -2.24 };
    fakeApi({
      'GET /api/geo/reverse': () => manchester,
      'GET /api/geo/ip': ipUnknown,
    });
    const last = vi.fn(() => Promise.resolve('Leeds, GB'));
    expect(await detectLocation(last)).toEqual({ location: 'Manchester, GB', via: 'gps' });
    expect(last).not.toHaveBeenCalled();
  });

  it('without the device, takes the place of the last scan', async () => {
    native.position = null;
    fakeApi({ 'GET /api/geo/ip': ipUnknown });
    expect(await detectLocation(() => Promise.resolve('Leeds, GB'))).toEqual({
      location: 'Leeds, GB',
      via: 'last',
    });
  });

  it('with nothing to go on, has no place (the person picks one), not New York or London', async () => {
    native.position = null;
    fakeApi({ 'GET /api/geo/ip': () => json(503, { detail: 'down', code: 'unavailable' }) });
    expect(await detectLocation(() => Promise.resolve(null))).toEqual({
      location: null,
      via: 'none',
    });
  });
});
