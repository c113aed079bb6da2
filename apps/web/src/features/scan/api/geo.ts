import type {
  GeoPlace,
  IpLookupResponse,
  ReverseResponse,
  SearchResponse,
} from '@lumiskin/contract/geo';
import { api, ApiRequestError } from '@/lib/api/api-client';
import { currentPosition } from '@/lib/platform/native';

/** docs/product-rules.md#constants: the quick options of the location card. */
export const QUICK_LOCATIONS = ['New York, US', 'Los Angeles, US', 'London, UK'] as const;
export type DetectedVia = 'gps' | 'last' | 'ip' | 'none';

/**
 * The place for the scan's climate (decision 081): the device's position (named by our own
 * reverse geocoder), else the place of the person's last scan, else the IP lookup; when none of
 * them answers, no place (the person picks one), never a fixed city that is not theirs.
 * Each failure falls through silently to the next.
 */
export async function detectLocation(
  lastPlace?: () => Promise<string | null>,
): Promise<{ location: string | null; via: DetectedVia }> {
  try {
    // The device's location (native plugin in the app, the browser's API on the web).
    const coords = await currentPosition();
    const place = await api.get<ReverseResponse>(
      `/geo/reverse?lat=${coords.latitude.toFixed(4)}&lon=${coords.longitude.toFixed(4)}`,
    );
    return { location: place.name, via: 'gps' };
  } catch {
    // next method
  }
  try {
    const last = await lastPlace?.();
    if (last) return { location: last, via: 'last' };
  } catch {
    // next method
  }
  try {
    const answer = await api.get<IpLookupResponse>('/geo/ip');
    if (answer.status === 'ok') return { location: answer.place.name, via: 'ip' };
  } catch {
    // none
  }
  return { location: null, via: 'none' };
}

export async function searchPlaces(q: string, signal?: AbortSignal) {
  const { results } = await api.get<SearchResponse>(`/geo/search?q=${encodeURIComponent(q)}`, {
    signal,
  });
  return results;
}

/**
 * The place a typed location means, checked by our gazetteer as it is entered (the same lookup the
 * scan makes); null when it knows no such place.
 */
export async function findPlace(q: string): Promise<GeoPlace | null> {
  try {
    return await api.get<GeoPlace>(`/geo/place?q=${encodeURIComponent(q)}`);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return null;
    throw error;
  }
}
