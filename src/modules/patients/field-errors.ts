import type { HttpApp } from '../../platform/platform';

/**
 * The spec's registration form reads each field error's `msg` (product-spec-2 §7: "errors array
 * (each with msg or message)"), so every 400 of these routes carries both. Scoped to the patients
 * routes; other modules' clients read `message`.
 */
export function withFieldMsg(app: HttpApp): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 400 || typeof payload !== 'string' || !payload.includes('"errors"')) return payload;
    const body = JSON.parse(payload) as { errors?: unknown };
    if (!Array.isArray(body.errors)) return payload;
    body.errors = body.errors.map((e: { message?: string }) => ({ ...e, msg: e.message }));
    return JSON.stringify(body);
  });
}
