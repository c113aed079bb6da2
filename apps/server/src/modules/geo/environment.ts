import type { Environment } from '@lumiskin/contract/analysis';
import { seasonAt, uvAt, uvPeakOn } from './uv';
import type { WeatherClient } from './weather';

export interface EnvironmentPlace {
  lat: number;
  lon: number;
  /** IANA zone of the place (the gazetteer's); decides the local month for the season. */
  timezone?: string | null;
}

/**
 * Climate at a place and moment for the analysis: clear-sky UV from the sun's elevation (now, and
 * at the day's solar noon), season
 * and hemisphere, and humidity/temperature from the live weather adapter when there is one
 * (otherwise null and weather_source 'unknown'). Given `now` and the weather answer, the result
 * is deterministic.
 */
export async function getEnvironment(
  place: EnvironmentPlace,
  now: Date,
  weather?: WeatherClient | null,
): Promise<Environment> {
  const { uv_index, uv_level } = uvAt(now, place.lat, place.lon);
  const { season, hemisphere } = seasonAt(now, place.lat, place.lon, place.timezone);
  // A misbehaving adapter must not fail the scan: treat a throw like no reading.
  const reading = weather ? await weather.current(place.lat, place.lon).catch(() => null) : null;
  return {
    uv_index,
    uv_index_max: uvPeakOn(now, place.lat, place.lon),
    uv_level,
    season,
    hemisphere,
    humidity: reading?.humidity ?? null,
    temperature_c: reading?.temperature_c ?? null,
    weather_source: reading ? 'live' : 'unknown',
  };
}
