import net from 'node:net';
import { z } from 'zod';

/** Names proxy-addr knows besides addresses: 127.0.0.1/8 and ::1, 169.254/16, 10/8 and friends. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (`false`, `0`, empty), a hop count (`1`: the address the one proxy in front
 * appended, the rightmost), or proxy addresses (`10.0.0.0/8,127.0.0.1`, `loopback`). `true` is
 * refused with what to write instead (decision 028).
 */
export const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.toLowerCase();
    if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every proxy lets any client choose its own IP (the leftmost X-Forwarded-For ' +
          'address is whatever it sent). Write the number of proxies in front of the server ' +
          '(e.g. 1 for one load balancer) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 20) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 20' });
      return z.NEVER;
    }
    const items = value.split(',').map((item) => item.trim());
    const bad = items.filter((item) => !isAddressOrCidr(item));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count, IP address or CIDR: ${bad.map((b) => `"${b}"`).join(', ')}`,
      });
      return z.NEVER;
    }
    return items;
  });
