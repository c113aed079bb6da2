import { describe, expect, it } from 'vitest';
import { Environment } from '@lumiskin/contract/analysis';
import { getEnvironment } from './environment';
import type { WeatherClient } from './weather';

const LONDON = { lat: 51.50853, lon: -0.12574, timezone: 'Europe/London' };

describe('getEnvironment', () => {
  it('without weather: UV, season and hemisphere, climate unknown', async () => {
    const env = await getEnvironment(LONDON, new Date('2024-06-21T12:00:00Z'));
    expect(Environment.parse(env)).toEqual(env);
    expect(env).toMatchObject({
      uv_level: 'very_high',
      season: 'summer',
      hemisphere: 'northern',
      humidity: null,
      temperature_c: null,
      weather_source: 'unknown',
    });
    expect(env.uv_index).toBeGreaterThan(8);
  });

  it('is the same for the same moment, and 0 UV at night', async () => {
    const night = new Date('2024-12-21T23:00:00Z');
    const a = await getEnvironment(LONDON, night);
    expect(await getEnvironment(LONDON, night)).toEqual(a);
    expect(a).toMatchObject({ uv_index: 0, uv_level: 'low', season: 'winter' });
    // The day's midday peak is kept beside it: what a morning sunscreen is chosen for.
    expect(a.uv_index_max).toBeGreaterThan(0.3);
    expect(a.uv_index_max).toBeLessThan(1);
    const june = await getEnvironment(LONDON, new Date('2024-06-21T21:30:00Z'));
    expect(june.uv_index).toBe(0);
    expect(june.uv_index_max).toBeGreaterThan(7);
  });

  it('takes humidity and temperature from the live adapter', async () => {
    const asked: Array<[number, number]> = [];
    const weather: WeatherClient = {
      current: async (lat, lon) => {
        asked.push([lat, lon]);
        return { temperature_c: 2.5, humidity: 35 };
      },
    };
    const env = await getEnvironment(LONDON, new Date('2024-01-10T12:00:00Z'), weather);
    expect(asked).toEqual([[LONDON.lat, LONDON.lon]]);
    expect(env).toMatchObject({ humidity: 35, temperature_c: 2.5, weather_source: 'live' });
  });

  it('falls back to unknown when the adapter has nothing or throws', async () => {
    const none: WeatherClient = { current: async () => null };
    const broken: WeatherClient = {
      current: async () => {
        throw new Error('boom');
      },
    };
    for (const weather of [none, broken]) {
      const env = await getEnvironment(LONDON, new Date('2024-01-10T12:00:00Z'), weather);
      expect(env).toMatchObject({ humidity: null, temperature_c: null, weather_source: 'unknown' });
      expect(env.season).toBe('winter');
    }
  });
});
