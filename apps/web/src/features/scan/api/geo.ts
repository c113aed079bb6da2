import type {
  GeoPlace,
  IpLookupResponse,
  ReverseResponse,
  SearchResponse,
} from '@lumiskin/contract/geo';
import { api, ApiRequestError } from '@/lib/api/api-client';
import { currentPosition } from '@/lib/platform/native';

/** docs/product-rules.md#constants: the default and the quick options of the location card. */
export const DEFAULT_LOCATION = 'New York, US';
export const QUICK_LOCATIONS = ['New York, US', 'Los Angeles, US', 'London, UK'] as const;
export type DetectedVia = 'gps' | 'ip' | 'default';

/**
 * docs/product-rules.md#scan: GPS (named by our own reverse geocoder), then the IP lookup, then 'New York, US'.
 * Each failure falls through silently to the next.
 */
export async function detectLocation(): Promise<{ location: string; via: DetectedVia }> {
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
    const answer = await api.get<IpLookupResponse>('/geo/ip');
    if (answer.status === 'ok') return { location: answer.place.name, via: 'ip' };
  } catch {
    // default
  }
  return { location: DEFAULT_LOCATION, via: 'default' };
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
