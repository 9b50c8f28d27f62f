import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';

/** A text message to a phone number. */
export type SmsMessage = { to: string; text: string };

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Texts go to an SMS gateway when `smsUrl` is set (POST, JSON `{ to, text }`, any 2xx is
 * accepted); otherwise each is written as a `.sms` file beside the e-mail outbox, so a local user
 * (and a test) can read what would have been sent, and a gateway can be plugged in later.
 */
export function createSmsSender(
  options: { smsUrl?: string; outboxDir: string; fetch?: typeof fetch },
  log: Logger,
): SmsSender {
  const post = options.fetch ?? fetch;
  return {
    async send(message) {
      if (options.smsUrl) {
        const res = await post(options.smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
        log.info({ to: message.to }, 'sms sent');
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^0-9+]/g, '');
      const file = path.join(options.outboxDir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.sms`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
      log.info({ to: message.to, file }, 'sms written to outbox');
    },
  };
}
