import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../../platform/http/auth';
import { listRead } from '../../platform/http/access-trail';
import { ok, success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import {
  announcementStream,
  hospitalAnnouncementMade,
  inboxStream,
  notificationsDismissed,
  notificationsRead,
} from './events';
import { asyncApiDocument } from './asyncapi';
import { inbox, newestVisibleId, visibleIds, type Reader } from './read-models/inbox';
import { announcementAnswer, announcementBody, historyQuery, inboxAnswer, marksBody } from './schemas';

export const ANNOUNCEMENT_SENT = 'Announcement sent successfully';

/**
 * The bell's history (GET /api/notifications), what a person did with it (read, dismissed), and
 * the admin's announcements to the whole hospital.
 */
export function notificationRoutes(app: HttpApp, platform: Platform) {
  const signedIn = platform.auth();
  const admin = platform.auth(['admin'], 'Access denied. Only administrators can make announcements.');
  const security = [{ bearer: [] }];
  const tags = ['Notifications'];
  // The live channel's contract, beside the OpenAPI document at /api/docs (public, as that one is).
  const asyncApi = asyncApiDocument(platform.config.publicUrl);
  app.get('/docs/asyncapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(asyncApi),
  );

  const readerOf = (auth: AuthContext): Reader => ({
    hospitalId: auth.hospitalId,
    userId: auth.userId,
    role: auth.role,
  });

  app.get(
    '/notifications',
    {
      // Messages name patients ('New prescription for Ada Obi'): opening the bell is a read of them.
      config: { audit: listRead('notification', 'list') },
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The signed-in person’s notifications, newest first, with read flags and the unread count',
        querystring: historyQuery,
        response: { 200: ok(inboxAnswer) },
      },
    },
    async (request) => success(await inbox(platform.db, readerOf(request.auth!), request.query.limit)),
  );

  for (const [path, contract, summary] of [
    ['/notifications/read', notificationsRead, 'Mark notifications read (no ids: all up to the newest)'],
    ['/notifications/dismiss', notificationsDismissed, 'Remove notifications from the bell (no ids: clear all)'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: signedIn,
        schema: { tags, security, summary, body: marksBody, response: { 200: ok(inboxAnswer) } },
      },
      async (request) => {
        const reader = readerOf(request.auth!);
        const ids = request.body?.ids;
        const marks = ids
          ? { ids: await visibleIds(platform.db, reader, ids), upTo: null }
          : { ids: null, upTo: await newestVisibleId(platform.db, reader) };
        if (marks.ids?.length || marks.upTo) {
          await platform.transact(platform.metadataFor(request), async (uow) => {
            uow.stage(inboxStream(reader.userId), 'any', [
              { type: contract.type, data: { userId: reader.userId, ...marks } },
            ]);
          });
        }
        return success(await inbox(platform.db, reader, 50));
      },
    );
  }

  app.post(
    '/announcements',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Announce something to everyone in the hospital (hospital_announcement)',
        body: announcementBody,
        response: { 201: ok(announcementAnswer) },
      },
    },
    async (request, reply) => {
      const metadata = platform.metadataFor(request);
      const id = randomUUID();
      const { message, priority } = request.body;
      await platform.transact(metadata, async (uow) => {
        uow.stage(announcementStream(id), 'no_stream', [
          { type: hospitalAnnouncementMade.type, data: { announcementId: id, message, priority } },
        ]);
      });
      const announcement = {
        id,
        message,
        priority,
        announcedAt: metadata.occurredAt,
        announcedBy: { id: metadata.actor.userId, name: metadata.actor.name },
      };
      return reply.code(201).send(success({ announcement }, ANNOUNCEMENT_SENT));
    },
  );
}
