import type { Environment } from '@lumiskin/contract/analysis';

const RAD = Math.PI / 180;

export interface SolarPosition {
  /** Angle between the sun and the vertical, degrees; above 90 the sun is down. */
  zenithDeg: number;
  declinationDeg: number;
  /** Apparent minus mean solar time, minutes. */
  equationOfTimeMin: number;
  /** Degrees from local solar noon, negative in the morning. */
  hourAngleDeg: number;
}

/**
 * Sun position from NOAA's "General Solar Position Calculations" (NOAA Global Monitoring
 * Division, https://gml.noaa.gov/grad/solcalc/solareqns.PDF): fractional year γ, equation of time
 * and declination as Fourier series in γ, then the hour angle from true solar time. Good to about
 * a quarter of a degree, plenty for a UV estimate.
 */
export function solarPosition(date: Date, lat: number, lon: number): SolarPosition {
  const year = date.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const daysInYear = (Date.UTC(year + 1, 0, 1) - startOfYear) / 86_400_000;
  const dayOfYear = Math.floor((date.getTime() - startOfYear) / 86_400_000) + 1;
  const hours = date.getUTCHours() + date.getUTCMinutes() / 60 + date.getUTCSeconds() / 3600;
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear - 1 + (hours - 12) / 24);

  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);

  // True solar time in minutes from the UTC clock: 4 minutes per degree of longitude.
  const trueSolarMin = hours * 60 + eqTime + 4 * lon;
  const hourAngle = trueSolarMin / 4 - 180;
  const cosZenith =
    Math.sin(lat * RAD) * Math.sin(decl) +
    Math.cos(lat * RAD) * Math.cos(decl) * Math.cos(hourAngle * RAD);
  return {
    zenithDeg: Math.acos(Math.max(-1, Math.min(1, cosZenith))) / RAD,
    declinationDeg: decl / RAD,
    equationOfTimeMin: eqTime,
    hourAngleDeg: ((((hourAngle + 180) % 360) + 360) % 360) - 180,
  };
}

/**
 * Clear-sky UV index from the solar zenith angle: UVI ≈ 12.5 · μ0^2.42 · (Ω/300)^-1.23 with
 * μ0 = cos(SZA) (Madronich 2007, "Analytic formula for the clear-sky UV index", Photochem.
 * Photobiol. 83:1537). We take total ozone Ω = 300 DU and sea level, with no cloud or aerosol,
 * so this is the sunny-day figure: real days are at most this, often lower.
 */
export function clearSkyUvIndex(zenithDeg: number, ozoneDu = 300): number {
  if (zenithDeg >= 90) return 0; // sun on or below the horizon
  const mu0 = Math.cos(zenithDeg * RAD);
  return 12.5 * mu0 ** 2.42 * (ozoneDu / 300) ** -1.23;
}

export type UvLevel = NonNullable<Environment['uv_level']>;

/**
 * WHO exposure categories (Global Solar UV Index: A Practical Guide, WHO 2002), applied to the
 * index rounded to a whole number as it is reported: low 0-2, moderate 3-5, high 6-7,
 * very high 8-10, extreme 11+.
 */
export function uvLevel(uvIndex: number): UvLevel {
  const reported = Math.round(uvIndex);
  if (reported <= 2) return 'low';
  if (reported <= 5) return 'moderate';
  if (reported <= 7) return 'high';
  if (reported <= 10) return 'very_high';
  return 'extreme';
}

/** UV index (one decimal) and its level at a place and moment; 0 and 'low' at night. */
export function uvAt(
  date: Date,
  lat: number,
  lon: number,
): { uv_index: number; uv_level: UvLevel } {
  const uvi = Math.round(clearSkyUvIndex(solarPosition(date, lat, lon).zenithDeg) * 10) / 10;
  return { uv_index: uvi, uv_level: uvLevel(uvi) };
}

/**
 * The day's clear-sky peak UV index (one decimal) at a place: the sun's smallest zenith angle that
 * day, at local solar noon, is |latitude − declination| (declination on `date`'s day).
 */
export function uvPeakOn(date: Date, lat: number, lon: number): number {
  const { declinationDeg } = solarPosition(date, lat, lon);
  const noonZenith = Math.abs(lat - declinationDeg);
  return Math.round(clearSkyUvIndex(noonZenith) * 10) / 10;
}

/** Latitude of the tropics (Earth's axial tilt, about 23.44° in this era). */
export const TROPIC_LATITUDE = 23.44;

export type Season = NonNullable<Environment['season']>;
export type Hemisphere = NonNullable<Environment['hemisphere']>;

/** Month 1-12 at the place: from its IANA zone, else from the longitude (15° per hour). */
export function localMonth(date: Date, lon: number, timezone?: string | null): number {
  if (timezone) {
    try {
      const month = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        month: 'numeric',
      }).format(date);
      const n = Number(month);
      if (n >= 1 && n <= 12) return n;
    } catch {
      // Unknown zone name: fall through to the longitude estimate.
    }
  }
  const shifted = new Date(date.getTime() + Math.round(lon / 15) * 3_600_000);
  return shifted.getUTCMonth() + 1;
}

/**
 * Hemisphere from the sign of the latitude (the equator counts as northern). Between the tropics
 * the season is 'tropical'; elsewhere meteorological seasons by local month (Dec-Feb winter in
 * the north), shifted six months in the south.
 */
export function seasonAt(
  date: Date,
  lat: number,
  lon: number,
  timezone?: string | null,
): { season: Season; hemisphere: Hemisphere } {
  const hemisphere: Hemisphere = lat >= 0 ? 'northern' : 'southern';
  if (Math.abs(lat) < TROPIC_LATITUDE) return { season: 'tropical', hemisphere };
  const month = localMonth(date, lon, timezone);
  const northern: Season[] = ['winter', 'spring', 'summer', 'autumn'];
  const quarter = Math.floor((month % 12) / 3); // Dec-Feb 0, Mar-May 1, Jun-Aug 2, Sep-Nov 3
  const index = hemisphere === 'northern' ? quarter : (quarter + 2) % 4;
  return { season: northern[index] ?? 'winter', hemisphere };
}
