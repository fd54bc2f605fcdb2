import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (docs/architecture.md: real
 * parts, no mocks). It can be stopped and started again on the same port to play an outage.
 */
export interface ReceivedMail {
  /** SMTP envelope. */
  envelope: { from: string; to: string[] };
  /** Header addresses, as text ("Name <a@b.c>"). */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  parsed: ParsedMail;
  /** When the sink accepted it (Date.now()). */
  receivedAt: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or to come) that matches. */
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Senders of mail to a held address whose message the sink has read but not answered, with
   * the moment it was read: the sender is stuck mid-send until it dies or times out.
   */
  held: { to: string; at: number }[];
  /** Stops listening (the outage); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** RCPT TO of these addresses is refused with 550 (a permanent failure). */
  rejectRecipients?: string[];
  /**
   * The first message to each of these addresses is read but never answered (a sender killed
   * mid-send never hears back); the next one is accepted as usual.
   */
  holdFirstTo?: string[];
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((address) => address.text).join(', ');
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const rejected = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));
  const messages: ReceivedMail[] = [];
  const toHold = new Set((options.holdFirstTo ?? []).map((a) => a.toLowerCase()));
  const held: { to: string; at: number }[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  let server: SMTPServer | null = null;
  let port = 0;

  const createServer = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stop at once in tests, instead of waiting 30 s for clients to say QUIT.
      closeTimeout: 50,
      onAuth(_auth, _session, callback) {
        callback(null, { user: 'test' });
      },
      onRcptTo(address, _session, callback) {
        if (rejected.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const holding = session.envelope.rcptTo.find((rcpt) =>
          toHold.delete(rcpt.address.toLowerCase()),
        );
        if (holding) {
          stream.on('end', () => held.push({ to: holding.address, at: Date.now() }));
          stream.resume();
          return; // never answered: the callback is not called
        }
        simpleParser(stream).then(
          (parsed) => {
            const mail: ReceivedMail = {
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              from: addressText(parsed.from),
              to: addressText(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
              attachments: parsed.attachments.map((attachment) => ({
                filename: attachment.filename ?? '',
                contentType: attachment.contentType,
                content: attachment.content,
              })),
              parsed,
              receivedAt: Date.now(),
            };
            messages.push(mail);
            for (const waiter of [...waiters]) waiter(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const next = createServer();
      next.on('error', reject);
      const listener = next.listen(port, '127.0.0.1', () => {
        port = (listener.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  const waitFor = (predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 5000) => {
    const found = messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise<ReceivedMail>((resolve, reject) => {
      const waiter = (mail: ReceivedMail) => {
        if (!predicate(mail)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`smtp sink: no matching mail within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  };

  await start();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    messages,
    held,
    waitFor,
    stop,
    start,
  };
}
