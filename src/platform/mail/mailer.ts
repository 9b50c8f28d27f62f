/** Outgoing mail. Implementations: SMTP (SMTP_URL set) or .eml files in DATA_DIR/outbox. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
