import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** `log` writes messages to the server log (development); `smtp` really sends them. */
  readonly delivery: 'log' | 'smtp';
  /** Resolves once the server accepted the message. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The default: no mail server needed, the message (and its link) is read from the log. */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    delivery: 'log',
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail (development mailer)',
      );
    },
    close() {},
  };
}

export function createSmtpMailer(smtp: NonNullable<MailConfig['smtp']>, from: string): Mailer {
  // nodemailer is imported with the first message: a site that sends none never loads it.
  let transport: Promise<Transporter> | null = null;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        'url' in smtp
          ? smtp.url
          : {
              host: smtp.host,
              port: smtp.port,
              secure: smtp.secure,
              ...(smtp.user && { auth: { user: smtp.user, pass: smtp.pass ?? '' } }),
            },
      ),
    ));
  return {
    delivery: 'smtp',
    async send(message) {
      await (await transportOnce()).sendMail({ from, ...message });
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  return config.smtp ? createSmtpMailer(config.smtp, config.from) : createLogMailer(log);
}
