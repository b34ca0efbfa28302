import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import type { RouteContext } from '../../../src/http/routes/route.ts';
import { createDispatcher } from '../../../src/http/routing/dispatch.ts';
import type { Publication } from '../../../src/publish/publication/build.ts';

describe('the dispatcher', () => {
  it('answers 500 with the envelope when a handler throws, instead of leaving the request hanging', async () => {
    // A publication whose site cannot render a page (a page builder that throws on the data it is given).
    const publication = {
      site: {
        page: () => {
          throw new TypeError('a page builder failed');
        },
      },
    } as unknown as Publication;
    const context = { baseUrl: 'http://x', publication: () => publication } as unknown as RouteContext;
    const dispatcher = createDispatcher(context);
    const server = createServer((req, res) => {
      dispatcher.serve(req, res);
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    try {
      const { port } = server.address() as AddressInfo;
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/methodology' }, (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        })
          .on('error', reject)
          .end();
      });
      assert.equal(status, 500);
      assert.equal(JSON.parse(body).error.code, 'internal_error');
    } finally {
      server.close();
    }
  });
});
