import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServiceFake } from '../../../tests/helpers/push-service-fake.ts';
import type {
  FakeSubscription,
  PushServiceFake,
} from '../../../tests/helpers/push-service-fake.ts';
import { createPushSender } from './push-sender.ts';

const payload = { title: '标题', body: '正文', url: '/', tag: 'message-1' };
/** The browser's subscription as the server stores it. */
const stored = ({ endpoint, keys }: FakeSubscription) => ({ endpoint, ...keys });

describe('push sender', () => {
  let fake: PushServiceFake;
  const keys = webPush.generateVAPIDKeys();
  beforeAll(async () => {
    fake = await startPushServiceFake();
    fake.expectKey(keys.publicKey);
  });
  afterAll(() => fake.close());

  function sender(options: Partial<Parameters<typeof createPushSender>[0]> = {}) {
    const failures: unknown[] = [];
    const send = createPushSender({
      keys,
      subject: 'mailto:ops@example.com',
      agent: fake.agent,
      onFailure: (failure) => failures.push(failure),
      ...options,
    });
    return { send, failures };
  }

  it('sends with the Topic and urgency of the message and a day of TTL', async () => {
    const device = stored(fake.subscribe());
    const delivered = fake.next();
    expect(await sender().send.send(device, payload)).toBe('sent');
    const { headers, payload: body } = await delivered;
    expect(body).toEqual(payload);
    expect(headers.topic).toBe('message-1');
    expect(headers.urgency).toBe('high');
    expect(headers.ttl).toBe('86400');
  });

  it('is refused by the push service when signed with another key, and logs no endpoint', async () => {
    const device = stored(fake.subscribe());
    const { send, failures } = sender({ keys: webPush.generateVAPIDKeys() });
    const refused = fake.next().catch((error: Error) => error.message);
    expect(await send.send(device, payload)).toBe('failed');
    expect(await refused).toContain('signed with another key');
    expect(failures).toEqual([
      { status: 400, host: new URL(device.endpoint).host, reason: expect.any(String) },
    ]);
    expect(JSON.stringify(failures)).not.toContain(device.endpoint);
  });

  it('reports 404 and 410 as gone', async () => {
    for (const status of [404, 410]) {
      const device = stored(fake.subscribe());
      fake.answer(device.endpoint, status);
      expect(await sender().send.send(device, payload)).toBe('gone');
    }
  });

  it('gives up on a push service that never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const device = stored(fake.subscribe());
      const port = (silent.address() as AddressInfo).port;
      const { send, failures } = sender({ timeoutMs: 300 });
      const started = Date.now();
      const outcome = await send.send(
        { ...device, endpoint: `https://127.0.0.1:${port}/push/x` },
        payload,
      );
      expect(outcome).toBe('failed');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(failures).toEqual([
        expect.objectContaining({ reason: expect.stringMatching(/time/i) }),
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
