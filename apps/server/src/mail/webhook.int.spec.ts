/**
 * Webhooks to a real local HTTP server: the JSON Superset posts (plus the run's state), the files as a
 * multipart form byte for byte, a 500 answer a transient failure with its status, a 404 a permanent one,
 * and a target that never answers failing by the configured timeout.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveryError } from './delivery-error';
import { postWebhook, type WebhookReport } from './webhook-sender';

interface Hit {
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** An HTTP server answering with `answer`; `hits` lists the requests it read. */
async function target(answer: (res: ServerResponse) => void) {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks) });
      answer(res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const report = (over: Partial<WebhookReport> = {}): WebhookReport => ({
  name: 'Daily cars',
  description: 'Cars by origin',
  url: 'http://strata.example/explore/?slice_id=3',
  type: 'Report',
  format: 'CSV',
  source: 'chart',
  chartId: 3,
  dashboardId: null,
  state: 'Success',
  ...over,
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('webhook delivery', () => {
  it('posts Superset’s JSON and resolves with the 2xx status', async () => {
    const t = await target((res) => res.writeHead(204).end());
    try {
      expect(await postWebhook(t.url, report(), 5000)).toBe(204);
      expect(t.hits[0].headers['content-type']).toBe('application/json');
      expect(JSON.parse(t.hits[0].body.toString())).toEqual({
        name: 'Daily cars',
        header: {
          notification_format: 'CSV',
          notification_type: 'Report',
          notification_source: 'chart',
          chart_id: 3,
          dashboard_id: null,
        },
        text: null,
        description: 'Cars by origin',
        url: 'http://strata.example/explore/?slice_id=3',
        state: 'Success',
      });
    } finally {
      await t.close();
    }
  });

  it('sends files as a multipart form, byte for byte', async () => {
    const t = await target((res) => res.writeHead(200).end('ok'));
    const csv = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    try {
      await postWebhook(
        t.url,
        report({ files: [{ filename: 'report.csv', contentType: 'text/csv', content: csv }] }),
        5000,
      );
      const form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': t.hits[0].headers['content-type']! },
        body: new Uint8Array(t.hits[0].body),
      }).formData();
      expect(form.get('name')).toBe('Daily cars');
      expect(JSON.parse(form.get('header') as string)).toMatchObject({ chart_id: 3, notification_format: 'CSV' });
      const file = form.get('files') as File;
      expect(file.name).toBe('report.csv');
      expect(Buffer.from(await file.arrayBuffer()).equals(csv)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it.each([
    [500, true],
    [404, false],
  ])('a %i answer fails with the status (transient: %s)', async (status, transient) => {
    const t = await target((res) => res.writeHead(status).end('internal detail'));
    try {
      const error = await failure(postWebhook(t.url, report(), 5000));
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({ status, transient, message: `Webhook failed with status code ${status}` });
    } finally {
      await t.close();
    }
  });

  it('fails by the timeout when the target never answers', async () => {
    const t = await target(() => undefined);
    try {
      const error = await failure(postWebhook(t.url, report(), 300));
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({
        transient: true,
        status: null,
        message: 'Webhook failed: no answer within 300 ms',
      });
      expect(t.hits).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
