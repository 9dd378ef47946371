// The mail the product sends itself — verification links and invitations — as opposed to the mail
// users send through their own accounts (connections/systems/mail.ts). Through SMTP when SMTP_URL is set;
// otherwise kept in the system outbox table and written to the log, so the embedded default works
// offline (whoever runs it reads the link there).
import nodemailer from 'nodemailer';
import { newId } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import * as repo from './repo.js';

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

export async function sendSystemMail(deps: AppDeps, mail: SystemMail, log: MailLog): Promise<void> {
  const { smtpUrl, from } = deps.config.mail;
  if (smtpUrl) {
    // One connection per message: these are rare, and a transport holds no state worth keeping.
    const transport = nodemailer.createTransport(smtpUrl);
    try {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    } finally {
      transport.close();
    }
    return;
  }
  await repo.insertSystemMail(deps.db.db, {
    id: newId(),
    to_address: mail.to,
    subject: mail.subject,
    body: mail.text,
    created_at: deps.clock.now().toISOString(),
  });
  log.info(
    { to: mail.to, subject: mail.subject, body: mail.text },
    'mail kept in the system outbox (no SMTP_URL)',
  );
}

export const systemMailTo = (deps: AppDeps, address: string) => repo.systemMailTo(deps.db.db, address);
