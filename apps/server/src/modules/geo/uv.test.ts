import { describe, expect, it } from 'vitest';
import {
  clearSkyUvIndex,
  localMonth,
  seasonAt,
  solarPosition,
  uvAt,
  uvLevel,
  uvPeakOn,
} from './uv';

const LONDON = { lat: 51.5074, lon: -0.1278, tz: 'Europe/London' };
const SYDNEY = { lat: -33.8688, lon: 151.2093, tz: 'Australia/Sydney' };

/** The minute of a UTC day when the sun is highest at (lat, lon). */
function solarNoon(day: string, lat: number, lon: number) {
  let best = { minute: 0, zenith: Infinity };
  for (let minute = 0; minute < 24 * 60; minute++) {
    const zenith = solarPosition(
      new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000),
      lat,
      lon,
    ).zenithDeg;
    if (zenith < best.zenith) best = { minute, zenith };
  }
  return best;
}

describe('solarPosition (NOAA)', () => {
  it('puts the sun overhead at the equator at the March equinox, near 12:07 UTC on the prime meridian', () => {
    const noon = solarNoon('2025-03-20', 0, 0);
    expect(noon.zenith).toBeLessThan(0.5);
    // Equation of time is about -7.5 min on 20 March: the sun is late.
    expect(noon.minute).toBeGreaterThanOrEqual(12 * 60 + 6);
    expect(noon.minute).toBeLessThanOrEqual(12 * 60 + 9);
  });

  it('has the sun early in early November (equation of time about +16.4 min)', () => {
    const noon = solarNoon('2025-11-03', 0, 0);
    expect(noon.minute).toBeGreaterThanOrEqual(11 * 60 + 42);
    expect(noon.minute).toBeLessThanOrEqual(11 * 60 + 45);
    const eq = solarPosition(new Date('2025-11-03T12:00:00Z'), 0, 0).equationOfTimeMin;
    expect(eq).toBeGreaterThan(16);
    expect(eq).toBeLessThan(16.8);
  });

  it('has the declination at the tropics on the solstices', () => {
    expect(solarPosition(new Date('2024-06-20T21:00:00Z'), 0, 0).declinationDeg).toBeCloseTo(
      23.44,
      0,
    );
    expect(solarPosition(new Date('2024-12-21T09:00:00Z'), 0, 0).declinationDeg).toBeCloseTo(
      -23.44,
      0,
    );
  });

  it('moves solar noon 4 minutes per degree of longitude', () => {
    const greenwich = solarNoon('2025-06-01', 40, 0).minute;
    const west = solarNoon('2025-06-01', 40, -15).minute;
    expect(west - greenwich).toBeGreaterThanOrEqual(59);
    expect(west - greenwich).toBeLessThanOrEqual(61);
  });

  it('gives London midwinter noon a zenith of about 75°', () => {
    const noon = solarNoon('2024-12-21', LONDON.lat, LONDON.lon);
    expect(noon.zenith).toBeGreaterThan(74.5);
    expect(noon.zenith).toBeLessThan(75.5);
  });
});

describe('clear-sky UV index (Madronich 2007)', () => {
  it('is 12.5 with the sun overhead and falls with the zenith angle', () => {
    expect(clearSkyUvIndex(0)).toBeCloseTo(12.5, 5);
    expect(clearSkyUvIndex(60)).toBeCloseTo(12.5 * 0.5 ** 2.42, 5);
    expect(clearSkyUvIndex(90)).toBe(0);
    expect(clearSkyUvIndex(120)).toBe(0);
    expect(clearSkyUvIndex(0, 350)).toBeLessThan(clearSkyUvIndex(0, 300));
  });

  it('gives ~12.5 at equinox noon on the equator', () => {
    const uv = uvAt(new Date('2025-03-20T12:07:00Z'), 0, 0);
    expect(uv.uv_index).toBeGreaterThanOrEqual(12.3);
    expect(uv.uv_index).toBeLessThanOrEqual(12.5);
    expect(uv.uv_level).toBe('extreme');
  });

  it('is low at London midwinter noon and high at midsummer noon', () => {
    const winter = uvAt(new Date('2024-12-21T12:00:00Z'), LONDON.lat, LONDON.lon);
    expect(winter.uv_index).toBeGreaterThan(0.2);
    expect(winter.uv_index).toBeLessThan(1);
    expect(winter.uv_level).toBe('low');
    const summer = uvAt(new Date('2024-06-21T12:00:00Z'), LONDON.lat, LONDON.lon);
    expect(summer.uv_index).toBeGreaterThan(8);
    expect(summer.uv_index).toBeLessThan(10);
  });

  it('is 0 at night', () => {
    expect(uvAt(new Date('2024-06-21T00:00:00Z'), LONDON.lat, LONDON.lon)).toEqual({
      uv_index: 0,
      uv_level: 'low',
    });
    // 22:00 in Sydney.
    expect(uvAt(new Date('2024-01-15T11:00:00Z'), SYDNEY.lat, SYDNEY.lon).uv_index).toBe(0);
  });
});

describe('the day’s peak (uvPeakOn)', () => {
  it('is the highest the index reaches that day, whatever the hour it is asked', () => {
    for (const [place, day] of [
      [LONDON, '2024-06-21'],
      [LONDON, '2024-12-21'],
      [SYDNEY, '2024-01-15'],
      [{ lat: 0, lon: 0 }, '2025-03-20'],
    ] as const) {
      let highest = 0;
      for (let minute = 0; minute < 24 * 60; minute += 5) {
        const at = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000);
        highest = Math.max(highest, uvAt(at, place.lat, place.lon).uv_index);
      }
      for (const hour of ['03:00', '12:00', '21:30']) {
        const peak = uvPeakOn(new Date(`${day}T${hour}:00Z`), place.lat, place.lon);
        expect(Math.abs(peak - highest), `${day} ${hour}`).toBeLessThanOrEqual(0.15);
      }
    }
  });
});

describe('uvLevel (WHO bands on the rounded index)', () => {
  it.each([
    [0, 'low'],
    [2.4, 'low'],
    [2.5, 'moderate'],
    [5.4, 'moderate'],
    [6, 'high'],
    [7.4, 'high'],
    [7.5, 'very_high'],
    [10.4, 'very_high'],
    [10.5, 'extreme'],
    [14, 'extreme'],
  ] as const)('%s → %s', (uvi, level) => {
    expect(uvLevel(uvi)).toBe(level);
  });
});

describe('season and hemisphere', () => {
  it('uses meteorological seasons, flipped in the south', () => {
    expect(seasonAt(new Date('2024-01-15T12:00:00Z'), LONDON.lat, LONDON.lon, LONDON.tz)).toEqual({
      season: 'winter',
      hemisphere: 'northern',
    });
    expect(
      seasonAt(new Date('2024-04-15T12:00:00Z'), LONDON.lat, LONDON.lon, LONDON.tz).season,
    ).toBe('spring');
    expect(
      seasonAt(new Date('2024-07-15T12:00:00Z'), LONDON.lat, LONDON.lon, LONDON.tz).season,
    ).toBe('summer');
    expect(
      seasonAt(new Date('2024-10-15T12:00:00Z'), LONDON.lat, LONDON.lon, LONDON.tz).season,
    ).toBe('autumn');
    expect(seasonAt(new Date('2024-01-15T12:00:00Z'), SYDNEY.lat, SYDNEY.lon, SYDNEY.tz)).toEqual({
      season: 'summer',
      hemisphere: 'southern',
    });
    expect(
      seasonAt(new Date('2024-07-15T12:00:00Z'), SYDNEY.lat, SYDNEY.lon, SYDNEY.tz).season,
    ).toBe('winter');
  });

  it('calls everything between the tropics tropical', () => {
    expect(seasonAt(new Date('2024-01-15T12:00:00Z'), 1.29, 103.85, 'Asia/Singapore')).toEqual({
      season: 'tropical',
      hemisphere: 'northern',
    });
    expect(seasonAt(new Date('2024-07-15T12:00:00Z'), -22.9, -43.2, 'America/Sao_Paulo')).toEqual({
      season: 'tropical',
      hemisphere: 'southern',
    });
  });

  it('reads the month on the local calendar', () => {
    // 23:30 UTC on 30 November is already 1 December in Sydney (UTC+11), not yet in London.
    const moment = new Date('2024-11-30T23:30:00Z');
    expect(seasonAt(moment, SYDNEY.lat, SYDNEY.lon, SYDNEY.tz).season).toBe('summer');
    expect(seasonAt(moment, LONDON.lat, LONDON.lon, LONDON.tz).season).toBe('autumn');
    // Without a zone the longitude gives the same answer; a bad zone falls back to it.
    expect(localMonth(moment, SYDNEY.lon)).toBe(12);
    expect(localMonth(moment, SYDNEY.lon, 'Not/AZone')).toBe(12);
    expect(localMonth(moment, -120)).toBe(11);
  });
});
