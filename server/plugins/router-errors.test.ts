import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';

/** Paths the router itself refuses still answer in the site's words, never Fastify's English. */
describe('paths the router refuses', () => {
  let t: TestApp;
  /** The app also listens on loopback: what Node cannot parse never reaches `inject`. */
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers an over-long path parameter with 414 and a Chinese message', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/posts/${'x'.repeat(600)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: errorText.badRequest });
  });

  it('answers a malformed percent-encoding with 400 and a Chinese message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: errorText.badRequest });
  });

  /** Sends `request` as it is and reads the whole answer, until the server closes. */
  async function rawAnswer(request: string): Promise<{ status: number; body: unknown }> {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'connect');
    socket.write(request);
    await once(socket, 'close');
    const text = Buffer.concat(chunks).toString('utf8');
    const [head, body] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
  }

  it('answers a search too long for the request line with 431 and a Chinese message', async () => {
    const search = encodeURIComponent('摄影'.repeat(1000));
    const answer = await rawAnswer(
      `GET /api/posts?search=${search} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(answer).toEqual({ status: 431, body: { error: errorText.badRequest } });
  });

  it('answers a request Node cannot parse with 400 and a Chinese message', async () => {
    const answer = await rawAnswer(
      'GET /api/posts?search=摄 影 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    expect(answer).toEqual({ status: 400, body: { error: errorText.badRequest } });
  });
});
