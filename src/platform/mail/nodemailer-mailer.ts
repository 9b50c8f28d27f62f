import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';
import type { MailMessage, Mailer } from './mailer';

/**
 * Sends through SMTP when `smtpUrl` is set; otherwise renders each message to an .eml file
 * in `outboxDir` and logs its subject and recipient, so a local user can read it.
 */
export class NodemailerMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly options: { smtpUrl?: string; from: string; outboxDir: string },
    private readonly log: Logger,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.options.from, ...message });
    if (this.options.smtpUrl) {
      this.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await mkdir(this.options.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeTo = outboxAddress(message.to);
    const file = path.join(this.options.outboxDir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
  }
}

/** The recipient as an outbox file's name holds it (`<time>-<address>-<random>.eml`): safe for any file system. */
export function outboxAddress(to: string): string {
  return to.replace(/[^a-zA-Z0-9@._-]/g, '_');
}
