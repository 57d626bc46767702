import { BlockList, isIP } from 'node:net';
import type { Request } from 'express';
import { z } from 'zod';

/**
 * Which proxies in front of the gateway may say who the client is (X-Forwarded-For), in the
 * forms Express takes: none, the number of hops, or the proxies' addresses and networks.
 */
export type TrustProxy = false | number | string[];

/** Express's names for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_EVERY_HOP =
  'true would trust every hop, so any client could choose its own address with X-Forwarded-For; ' +
  'give the number of proxies in front of the gateway (e.g. 1) or their addresses or networks ' +
  '(e.g. 10.0.0.0/8,192.168.1.5)';

export const trustProxySetting = z
  .preprocess((value) => (value === undefined || value === '' ? 'false' : value), z.string())
  .transform((value, ctx): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (text === 'false' || text === '0') return false;
    if (text === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_EVERY_HOP });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'must be at most 10 hops' });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of hops, or IP addresses and networks (CIDR); not ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  try {
    new BlockList().addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * The client's address as the trusted proxies report it, only ever an IP address: anything
 * else a proxy passed on falls back to the address of the connection itself.
 */
export function clientAddressOf(req: Request): string | null {
  if (req.ip && isIP(req.ip)) return req.ip;
  const socketAddress = req.socket.remoteAddress;
  return socketAddress && isIP(socketAddress) ? socketAddress : null;
}
