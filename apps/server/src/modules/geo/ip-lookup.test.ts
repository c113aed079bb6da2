import { describe, expect, it } from 'vitest';
import { IpLookupResponse } from '@lumiskin/contract/geo';
import { countryForIp, lookupIp, publicIPv4 } from './ip-lookup';

describe('publicIPv4', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::ffff:127.0.0.1',
    '2001:db8::1',
    'not an ip',
    '',
  ])('%s is not a locatable address', (ip) => {
    expect(publicIPv4(ip)).toBeNull();
  });

  it('unwraps IPv4-mapped IPv6', () => {
    expect(publicIPv4('::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(publicIPv4('81.2.69.142')).toBe('81.2.69.142');
  });
});

describe('lookupIp', () => {
  it('finds the country of public addresses', () => {
    expect(countryForIp('81.2.69.142')).toBe('GB');
    expect(countryForIp('133.242.0.3')).toBe('JP');
    expect(countryForIp('200.147.67.142')).toBe('BR');
  });

  it("answers the country's largest town, marked country precision", () => {
    const answer = lookupIp('::ffff:81.2.69.142');
    expect(IpLookupResponse.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({
      status: 'ok',
      precision: 'country',
      place: { name: 'London, GB', timezone: 'Europe/London' },
    });
    expect(lookupIp('133.242.0.3')).toMatchObject({ place: { name: 'Tokyo, JP' } });
  });

  it('is unknown for loopback, private, IPv6 and missing addresses', () => {
    for (const ip of ['127.0.0.1', '192.168.0.2', '2a00:1450:4009:81f::200e', undefined]) {
      expect(lookupIp(ip)).toEqual({ status: 'unknown' });
    }
  });
});
