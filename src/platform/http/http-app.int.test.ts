import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import type { AppModule } from '../platform';
import { Conflict } from './errors';
import { ok } from './envelope';

const echo: AppModule = {
  name: 'echo',
  routes: (app) => {
    app.post(
      '/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(2, 'Name is too short'), age: z.number().int() }),
          response: { 200: ok(z.object({ name: z.string() })) },
        },
      },
      async (req) => ({ success: true as const, data: { name: req.body.name } }),
    );
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    app.get('/conflict', async () => {
      throw new Conflict('Stale');
    });
  },
};

describe('HTTP platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [echo] });
  });
  afterAll(async () => t?.close());

  it('GET /api/health answers 200 with database, event store and projection lag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.database).toBe('up');
    expect(body.data.eventStore).toMatchObject({ adapter: 'postgres', status: 'up' });
    expect(Array.isArray(body.data.projections)).toBe(true);
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route GET /api/nothing not found' });
  });

  it('answers a malformed JSON body with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });

  it('answers invalid input with 400 and one error per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'A' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please check your input and try again');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is too short' },
        expect.objectContaining({ field: 'age' }),
      ]),
    );
  });

  it('accepts valid input and wraps the answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'Ada', age: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { name: 'Ada' } });
  });

  it('hides internal errors behind a generic 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ success: false, message: 'Internal server error. Please try again later.' });
  });

  it('maps domain errors to their status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Stale' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/echo');
  });
});
