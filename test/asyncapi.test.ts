import { Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_TYPES, VISIBILITY } from '../src/modules/notifications/visibility';
import { ROLE_CHANNELS } from '../src/platform/realtime/channels';
import { CLOSE_CODES } from '../src/platform/realtime/hub';
import { sharedTestApp, type TestApp } from './helpers/app';

/**
 * /ws has an AsyncAPI 3.0 document made from the notifier's own tables, served beside the OpenAPI one: the
 * official parser finds no error in it, and it names every message type, its channel and audience, the role
 * channels and the close codes the server uses.
 */
describe('the AsyncAPI document of /ws', () => {
  let t: TestApp;
  let doc: Record<string, unknown>;

  beforeAll(async () => {
    t = await sharedTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/asyncapi.json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t?.close());

  it('validates with @asyncapi/parser with no error', async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    const errors = diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`);
    expect(errors).toEqual([]);
    expect(document?.version()).toBe('3.0.0');
    const names = document!
      .allMessages()
      .all()
      .map((m) => m.name());
    expect(names).toEqual(expect.arrayContaining([...SERVER_MESSAGE_TYPES, 'connection', 'ping', 'subscribe']));
  });

  it('says what the notifier does: channels, audiences, role channels and close codes', () => {
    const components = doc.components as { messages: Record<string, Record<string, unknown>> };
    for (const type of SERVER_MESSAGE_TYPES) {
      expect([type, components.messages[type]?.['x-hms-channel']]).toEqual([type, VISIBILITY[type].channel]);
    }
    expect(components.messages.NEW_LAB_ORDER?.['x-hms-popup']).toBe('lab_technician');
    expect(components.messages.NEW_LAB_ORDER?.['x-hms-silent']).toBe('doctor');
    const live = (doc.channels as Record<string, Record<string, unknown>>).live!;
    expect(live['x-hms-role-channels']).toEqual(ROLE_CHANNELS);
    expect((live['x-hms-close-codes'] as { code: number }[]).map((c) => c.code)).toEqual(
      CLOSE_CODES.map((c) => c.code),
    );
  });
});
