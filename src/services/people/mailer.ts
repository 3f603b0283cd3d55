import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../engine/clock.js';
import type { MailRecord, Store } from '../../store/port.js';
import { newId } from '../../kernel/ids.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes: an SMTP server (RAMPART_SMTP_URL) or, with none, the store (`rampart mail list`). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAIL_FROM = 'Rampart <no-reply@rampart.local>';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(url: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.transport.close();
  }
}

/** No mail server: every mail is kept, so `npm start` works with none and the operator can read the codes. */
export class StoreMailer implements Mailer {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail): Promise<void> {
    const record: MailRecord = { id: newId('mail'), to_address: mail.to, subject: mail.subject, body: mail.text, created_at: this.clock.now() };
    await this.store.transaction((tx) => tx.insertMail(record));
  }
}

export function openMailer(smtpUrl: string | undefined, store: Store, clock: Clock): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl) : new StoreMailer(store, clock);
}
