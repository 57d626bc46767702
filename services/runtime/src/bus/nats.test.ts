import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNatsServerBinary, startNatsServer, type RunningNatsServer } from '../testing/nats-server.js';
import { busContract } from './contract.js';
import { connectNatsBus } from './nats.js';
import type { Bus, BusMessage } from './port.js';

const connectTo = (server: RunningNatsServer) => connectNatsBus({ servers: server.url, name: 'bus-contract-test' });

if (findNatsServerBinary()) {
  describe('over nats-server', () => {
    let server: RunningNatsServer;

    beforeAll(async () => {
      server = await startNatsServer();
    });

    afterAll(async () => {
      await server?.stop();
    });

    busContract('NATS JetStream', async () => {
      const buses: Bus[] = [await connectTo(server)];
      const reopen = async () => {
        const bus = await connectTo(server);
        buses.push(bus);
        return bus;
      };
      const cleanup = async () => {
        await Promise.all(buses.map((bus) => bus.close()));
      };
      return { bus: buses[0]!, reopen, cleanup };
    });
  });

  describe('the NATS JetStream bus', () => {
    it('keeps the progress of a durable consumer across a restart of nats-server', async () => {
      const storeDir = await mkdtemp(join(tmpdir(), 'nats-restart-'));
      const subject = `events.restart${Date.now()}.Created`;
      const options = { durable: `restart${Date.now()}`, subjects: [subject], ackWaitMs: 500 };
      const publish = (bus: Bus, text: string) => bus.publish(subject, new TextEncoder().encode(text), { msgId: text });
      try {
        const firstServer = await startNatsServer({ storeDir });
        const firstBus = await connectTo(firstServer);
        const firstDelivery = nextMessage(firstBus, options);
        await publish(firstBus, 'one');
        await (await firstDelivery).ack();
        await publish(firstBus, 'two');
        await firstBus.close();
        await firstServer.stop();

        const secondServer = await startNatsServer({ storeDir });
        const secondBus = await connectTo(secondServer);
        const afterRestart = await nextMessage(secondBus, options);
        expect(new TextDecoder().decode(afterRestart.data)).toBe('two');
        await secondBus.close();
        await secondServer.stop();
      } finally {
        await rm(storeDir, { recursive: true, force: true });
      }
    });
  });
} else {
  const reason = 'nats-server not found on PATH or in NATS_SERVER_BIN';
  console.warn(`Skipping the NATS bus tests: ${reason}`);
  it.skip(`NATS bus tests (skipped: ${reason})`, () => {});
}

/** Resolves with the first message the consumer gets, leaving it unsettled. */
function nextMessage(bus: Bus, options: Parameters<Bus['consume']>[0]): Promise<BusMessage> {
  return new Promise((resolve, reject) => {
    bus.consume(options, async (message) => resolve(message)).catch(reject);
  });
}
