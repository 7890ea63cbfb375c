import { SMTPServer } from 'smtp-server';
import { createWaitList } from './loopback.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as the server received it (headers and body). */
  raw: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it receives, so a
 * test can read the reset link out of a delivered message.
 */
export interface SmtpInbox {
  port: number;
  /** SMTP_URL for a server pointed at this inbox. */
  url: string;
  received: ReceivedMail[];
  /** The first message to `to` among those received after the first `after` ones. */
  nextMail(to: string, after: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}

function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match ? match[1]!.trim() : '';
}

/** Finds the text/plain part (the whole body for a single-part message) and decodes it. */
function textPart(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const type = header(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      if (/content-type:\s*text\/plain/i.test(part)) return textPart(part.replace(/^\r?\n/, ''));
    }
    return '';
  }
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails = createWaitList<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = ''] = raw.split(/\r?\n\r?\n/);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          subject: decodeWords(header(head, 'Subject')),
          text: textPart(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received: mails.items,
    nextMail: (to, after) =>
      mails.next((mail) => mail.to.includes(to.toLowerCase()) || mail.to.includes(to), after),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
