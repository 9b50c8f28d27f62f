import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { outboxAddress } from '../../src/platform/mail/nodemailer-mailer';

export type OutboxMail = { file: string; to: string; subject: string; raw: string };

/**
 * Every .eml in `outboxDir` addressed to `email`, oldest first (file names start with a timestamp). Only
 * the files whose name holds the address as the mailer writes it there are read: a worker's shared app
 * keeps every file's mail in one outbox.
 */
export async function readOutbox(outboxDir: string, email: string): Promise<OutboxMail[]> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  const named = outboxAddress(email).toLowerCase();
  const mails: OutboxMail[] = [];
  for (const file of files.filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(named)).sort()) {
    const raw = await readFile(path.join(outboxDir, file), 'utf8');
    const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const to = /^To: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
    const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
    if (to.toLowerCase().includes(email.toLowerCase())) mails.push({ file, to, subject, raw });
  }
  return mails;
}

/** The 6-digit code standing on its own line in a verification mail. */
export function codeIn(mail: OutboxMail): string {
  const body = mail.raw.slice(mail.raw.search(/\r?\n\r?\n/));
  const code = /^\s*(\d{6})\s*$/m.exec(body)?.[1];
  if (!code) throw new Error(`No verification code in ${mail.file}`);
  return code;
}

/**
 * The code of the newest verification mail to `email` in DATA_DIR/outbox. Waits a little for
 * the file, since a browser test may look right after the page moved on.
 */
export async function readVerificationCode(outboxDir: string, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(outboxDir, email);
    const last = mails[mails.length - 1];
    if (last) return codeIn(last);
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
