import { ROLE_CODES } from '../../shared/roles';
import { GENERAL_CHANNEL, ROLE_CHANNELS } from '../../platform/realtime/channels';
import { CLOSE_CODES } from '../../platform/realtime/hub';
import { NOTIFICATION_PRIORITIES } from './events';
import { SERVER_MESSAGE_TYPES, STATUS_POPUPS, VISIBILITY, type ServerMessageType } from './visibility';

/**
 * The AsyncAPI 3.0 document of `/ws`, made from the notifier's own tables (visibility.ts: the message types,
 * their channel, who gets a popup and who receives them silently; channels.ts: each role's channels; the hub's
 * close codes), so it says what the server does. Served at /api/docs/asyncapi.json; validated in
 * test/asyncapi.test.ts with @asyncapi/parser. docs/websocket.md is the same protocol in prose.
 */

const CLIENT_MESSAGES = {
  ping: { summary: 'Keep-alive; the server answers pong', data: { type: 'object' } },
  subscribe: {
    summary: "Add channels of the socket's role (others are ignored); the server answers subscribed",
    data: channelsData(),
  },
  unsubscribe: { summary: 'Drop channels; the server answers unsubscribed', data: channelsData() },
} as const;

const REPLIES = {
  connection: {
    summary: "Sent once on connect: who the socket is and the channels it starts on (all of its role's)",
    data: {
      type: 'object',
      required: ['userId', 'role', 'hospitalId', 'channels'],
      properties: {
        userId: { type: 'string' },
        role: { type: 'string', enum: [...ROLE_CODES] },
        hospitalId: { type: 'string' },
        channels: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  pong: { summary: 'The answer to ping', data: { type: 'object' } },
  subscribed: { summary: "The socket's channels after a subscribe", data: channelsData() },
  unsubscribed: { summary: "The socket's channels after an unsubscribe", data: channelsData() },
  error: {
    summary: 'A frame the server could not use; the socket stays open',
    data: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  },
} as const;

function channelsData() {
  return {
    type: 'object',
    required: ['channels'],
    properties: { channels: { type: 'array', items: { type: 'string' } } },
  };
}

function frame(type: string, data: unknown) {
  return {
    type: 'object',
    required: ['type', 'data', 'timestamp'],
    properties: {
      type: { type: 'string', const: type },
      data,
      timestamp: { type: 'string', format: 'date-time', description: 'The time of the event, not of the push' },
    },
  };
}

/** Who gets a message, in words, from the same table the notifier reads. */
function audienceOf(type: ServerMessageType): { popup: string; silent: string } {
  const v = VISIBILITY[type];
  if (v.doc) return v.doc;
  const names = (roles: readonly string[]) => (roles.length ? roles.join(', ') : 'none');
  const popup =
    v.notify === 'everyone' ? 'everyone' : typeof v.notify === 'function' ? 'by new status' : names(v.notify);
  const silent = typeof v.follow === 'function' ? 'none' : names(v.follow ?? []);
  return { popup, silent };
}

function notification(type: ServerMessageType) {
  const audience = audienceOf(type);
  return {
    name: type,
    title: type,
    summary: `On channel ${VISIBILITY[type].channel}; popup for ${audience.popup}; received without popup by ${audience.silent}`,
    payload: frame(type, {
      type: 'object',
      required: ['notificationId', 'title', 'message', 'priority', 'notify'],
      additionalProperties: true,
      description: "The message's own payload (the patient, the consultation, the invoice …) beside these fields",
      properties: {
        notificationId: { type: 'string', description: 'The stored notification (GET /api/notifications)' },
        title: { type: 'string' },
        message: { type: 'string' },
        priority: { type: 'string', enum: [...NOTIFICATION_PRIORITIES] },
        notify: { type: 'boolean', description: 'true: show a popup; false: only keep a list live' },
        actorId: {
          type: 'string',
          description: 'Who caused it; their own screens already confirmed it and show no second popup',
        },
      },
    }),
    'x-hms-channel': VISIBILITY[type].channel,
    'x-hms-popup': audience.popup,
    'x-hms-silent': audience.silent,
  };
}

export function asyncApiDocument(publicUrl: string) {
  const url = new URL(publicUrl);
  const messages: Record<string, unknown> = {};
  for (const type of SERVER_MESSAGE_TYPES) messages[type] = notification(type);
  for (const [type, m] of Object.entries(REPLIES)) {
    messages[type] = { name: type, title: type, summary: m.summary, payload: frame(type, m.data) };
  }
  for (const [type, m] of Object.entries(CLIENT_MESSAGES)) {
    messages[`client_${type}`] = { name: type, title: type, summary: m.summary, payload: frame(type, m.data) };
  }
  const ref = (name: string) => ({ $ref: `#/components/messages/${name}` });
  const channelMessages = Object.fromEntries(Object.keys(messages).map((name) => [name, ref(name)]));
  const fromChannel = (name: string) => ({ $ref: `#/channels/live/messages/${name}` });

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Hospital Management System live channel',
      version: '1.0.0',
      description:
        "One WebSocket per signed-in tab. A socket receives only its own hospital's messages, and only those its role may see; a session still on its temporary password receives nothing. See docs/websocket.md.",
    },
    defaultContentType: 'application/json',
    servers: {
      hms: {
        host: url.host,
        protocol: url.protocol === 'https:' ? 'wss' : 'ws',
        pathname: '/ws',
        security: [{ $ref: '#/components/securitySchemes/token' }],
      },
    },
    channels: {
      live: {
        address: '/ws',
        title: 'The live channel',
        description: [
          `Each role starts on ${GENERAL_CHANNEL} and its own channels (x-hms-role-channels), and may only subscribe to those.`,
          'Close codes: ' + CLOSE_CODES.map((c) => `${c.code} ${c.meaning} (${c.client})`).join('; ') + '.',
        ].join(' '),
        messages: channelMessages,
        'x-hms-role-channels': ROLE_CHANNELS,
        'x-hms-status-popups': STATUS_POPUPS,
        'x-hms-close-codes': CLOSE_CODES,
      },
    },
    operations: {
      pushNotifications: {
        action: 'send',
        title: 'Notifications',
        summary: 'Each change staff need to see, one message per receiving role on its channel',
        channel: { $ref: '#/channels/live' },
        messages: SERVER_MESSAGE_TYPES.map(fromChannel),
      },
      answerClient: {
        action: 'send',
        title: 'Answers',
        summary: 'The connection greeting and the answers to client frames',
        channel: { $ref: '#/channels/live' },
        messages: Object.keys(REPLIES).map(fromChannel),
      },
      receiveClientFrames: {
        action: 'receive',
        title: 'Client frames',
        summary: 'ping, subscribe and unsubscribe; anything else is answered with error',
        channel: { $ref: '#/channels/live' },
        messages: Object.keys(CLIENT_MESSAGES).map((t) => fromChannel(`client_${t}`)),
      },
    },
    components: {
      messages,
      securitySchemes: {
        token: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description:
            'The bearer token of /api/auth/login or /api/admin/login (browsers cannot set headers on a WebSocket); never logged',
        },
      },
    },
  };
}
