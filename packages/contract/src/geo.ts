import { z } from 'zod';
import './plain-errors';

/**
 * Places and the /api/geo endpoints. Everything is answered offline on the server from a
 * GeoNames gazetteer (cities of 1000+ people), so the scan's location never leaves our API.
 */

/** Error codes of location problems (docs/product-rules.md#errors-and-messages); the scan API uses the same ones. */
export const GeoErrorCode = {
  locationRequired: 'location_required',
  locationNotFound: 'location_not_found',
} as const;

export const GeoPlace = z.object({
  /** Canonical 'City, CC' (GeoNames spelling, ISO 3166-1 alpha-2); resolves back to this place. */
  name: z.string(),
  city: z.string(),
  country_code: z.string().length(2),
  country_name: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** IANA time zone, e.g. 'Europe/London'. */
  timezone: z.string(),
  population: z.number().int().min(0),
});
export type GeoPlace = z.infer<typeof GeoPlace>;

export const NearbyPlace = GeoPlace.extend({
  /** Great-circle distance from the asked point, in km. */
  distance_km: z.number().min(0),
});
export type NearbyPlace = z.infer<typeof NearbyPlace>;

/** A query-string number: required (an empty `lat=` is an error, not 0) and within range. */
function queryNumber(min: number, max: number) {
  return z.string().trim().min(1, 'is required').pipe(z.coerce.number<string>().min(min).max(max));
}

export const ReverseQuery = z.object({
  lat: queryNumber(-90, 90),
  lon: queryNumber(-180, 180),
});
export type ReverseQuery = z.infer<typeof ReverseQuery>;

/** @alias the reverse-geocoding route answers one nearby place */
export const ReverseResponse = NearbyPlace;
export type ReverseResponse = z.infer<typeof ReverseResponse>;

export const SEARCH_LIMIT = 8;

export const SearchQuery = z.object({
  /** What the person typed so far: a city prefix, optionally ', country' ('lon', 'paris, fr'). */
  q: z.string().trim().min(1, 'is required').max(100),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResponse = z.object({
  /** At most SEARCH_LIMIT places, most populous first. */
  results: z.array(GeoPlace),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * The caller's place from their IP address. The offline database is country-level, so `place`
 * is the country's most populous city and `precision` says so; private, loopback and unlisted
 * addresses are 'unknown' (the client then falls back to its default location).
 */
export const IpLookupResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    precision: z.enum(['city', 'country']),
    place: GeoPlace,
  }),
  z.object({ status: z.literal('unknown') }),
]);
export type IpLookupResponse = z.infer<typeof IpLookupResponse>;
