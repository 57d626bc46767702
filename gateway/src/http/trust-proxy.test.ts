import express from 'express';
import { closeServer, listen, portOf } from '@brandloom/runtime';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, trustProxySetting } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.5', ['10.0.0.0/8', '192.168.1.5']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('takes %j as %j', (value, expected) => {
    expect(trustProxySetting.parse(value)).toEqual(expected);
  });

  it.each([
    ['true', /would trust every hop/],
    ['proxy.internal', /IP addresses and networks/],
    ['10.0.0.0/33', /IP addresses and networks/],
    ['11', /at most 10 hops/],
  ])('refuses %j', (value, message) => {
    const result = trustProxySetting.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });
});

describe('the client address', () => {
  it('is the one the trusted hop saw, and only ever an IP address', async () => {
    const app = express();
    app.set('trust proxy', trustProxySetting.parse('1'));
    app.get('/', (req, res) => void res.json({ address: clientAddressOf(req) }));
    const server = await listen(app, 0, '127.0.0.1');
    const addressFor = async (forwardedFor: string) => {
      const response = await fetch(`http://127.0.0.1:${portOf(server)}/`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return ((await response.json()) as { address: string }).address;
    };
    try {
      expect(await addressFor('1.1.1.1, 203.0.113.5')).toBe('203.0.113.5');
      expect(await addressFor('not-an-address')).toBe('127.0.0.1');
    } finally {
      await closeServer(server);
    }
  });
});
