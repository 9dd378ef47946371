// A loopback SMTP server (the `smtp-server` package, as mail relays speak it) that keeps every
// message it is given, parsed by `mailparser`: what tests read the product's own mail from.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtpMessage {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The envelope's sender (MAIL FROM). */
  from: string;
  /** The raw message as it arrived. */
  raw: string;
  parsed: ParsedMail;
}

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: FakeSmtpMessage[];
  /** Resolves with the first message to `address` (already received or still to come). */
  nextTo(address: string, timeoutMs?: number): Promise<FakeSmtpMessage>;
  close(): Promise<void>;
}

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const messages: FakeSmtpMessage[] = [];
  const waiting: Array<{ address: string; resolve: (m: FakeSmtpMessage) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const message: FakeSmtpMessage = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              parsed,
            };
            messages.push(message);
            for (const w of [...waiting])
              if (message.to.includes(w.address)) {
                waiting.splice(waiting.indexOf(w), 1);
                w.resolve(message);
              }
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    nextTo(address, timeoutMs = 5000) {
      const lower = address.toLowerCase();
      const seen = messages.find((m) => m.to.includes(lower));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const entry = { address: lower, resolve };
        waiting.push(entry);
        setTimeout(() => {
          if (!waiting.includes(entry)) return;
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
