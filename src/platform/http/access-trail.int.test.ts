import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../event-store/port';
import { createLogger } from '../logger';
import { ACCESS_NOT_RECORDED, installAccessTrail } from './access-trail';
import { errorHandler } from './error-handler';
import { Forbidden } from './errors';

/**
 * The access hook on a bare Fastify app: what it appends for a read and a refusal, and that a read
 * whose event cannot be stored is not served. The store here is a stand-in that records or refuses
 * appends (the fault being tested); the real store is exercised by the audit module's API tests.
 */
let app: FastifyInstance;
afterEach(async () => app?.close());

function appWith(append: (stream: string, events: NewEvent[]) => Promise<void>) {
  const store = {
    append: async (stream: string, events: NewEvent[]) => append(stream, events),
  } as unknown as EventStore;
  app = Fastify();
  app.setErrorHandler(errorHandler);
  app.decorateRequest('auth', null);
  app.decorateRequest('claimed', null);
  installAccessTrail(app, store, createLogger('silent'));
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization) {
      const who = { userId: 'u1', role: 'doctor' as const, hospitalId: 'h1', sessionId: 's1', name: 'Tunde Bello' };
      request.claimed = who;
      if (request.url.startsWith('/secret')) throw new Forbidden();
      request.auth = who;
    }
  });
  const audit = { subject: 'patient', idParam: 'id', what: 'detail' };
  app.get('/records/:id', { config: { audit } }, async () => ({ ok: true }));
  app.get('/secret/:id', { config: { audit } }, async () => ({ ok: true }));
  app.get('/plain', async () => ({ ok: true }));
  return app;
}

describe('the access trail hook', () => {
  it('appends one RecordAccessed for a read, with who, where, which request and why', async () => {
    const appended: { stream: string; events: NewEvent[] }[] = [];
    appWith(async (stream, events) => void appended.push({ stream, events }));
    const res = await app.inject({
      method: 'GET',
      url: '/records/p1?x=1',
      headers: { authorization: 'Bearer t', 'x-access-purpose': 'Follow-up visit', 'x-forwarded-for': '10.0.0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(appended).toHaveLength(1);
    const [event] = appended[0]!.events;
    expect(appended[0]!.stream).toMatch(/^access-h1-u1-\d{4}-\d{2}-\d{2}-.+$/);
    expect(event).toMatchObject({
      type: 'RecordAccessed',
      data: {
        subjectType: 'patient',
        subjectId: 'p1',
        what: 'detail',
        method: 'GET',
        route: '/records/:id',
        purpose: 'Follow-up visit',
      },
      metadata: {
        hospitalId: 'h1',
        actor: { userId: 'u1', role: 'doctor', name: 'Tunde Bello' },
        requestId: expect.any(String),
        ip: '127.0.0.1',
      },
    });
    await app.inject({ method: 'GET', url: '/plain' });
    expect(appended).toHaveLength(1);
  });

  it('appends an AccessRefused for a 403, naming the refused person', async () => {
    const appended: NewEvent[] = [];
    appWith(async (_stream, events) => void appended.push(...events));
    const res = await app.inject({ method: 'GET', url: '/secret/p2', headers: { authorization: 'Bearer t' } });
    expect(res.statusCode).toBe(403);
    expect(appended).toMatchObject([
      {
        type: 'AccessRefused',
        data: { status: 403, reason: 'forbidden', subjectId: 'p2' },
        metadata: { actor: { userId: 'u1' } },
      },
    ]);
  });

  it('does not serve a read it could not record, but still sends a refusal', async () => {
    appWith(async () => {
      throw new Error('database down');
    });
    const read = await app.inject({ method: 'GET', url: '/records/p1', headers: { authorization: 'Bearer t' } });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ success: false, message: ACCESS_NOT_RECORDED });
    expect(read.body).not.toContain('"ok"');
    const refused = await app.inject({ method: 'GET', url: '/secret/p1', headers: { authorization: 'Bearer t' } });
    expect(refused.statusCode).toBe(403);
  });
});
