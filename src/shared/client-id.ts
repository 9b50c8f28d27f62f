import { z } from 'zod';

export const CLIENT_ID_MESSAGE = 'Id must be a UUID';
/** A new record's id chosen by the client (an offline device's command), lower-cased. */
export const clientId = z.uuid({ error: CLIENT_ID_MESSAGE }).transform((v) => v.toLowerCase());
