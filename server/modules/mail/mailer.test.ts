import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../../../tests/fakes/smtp-inbox.ts';
import type { SmtpInbox } from '../../../tests/fakes/smtp-inbox.ts';
import { createLogMailer, createSmtpMailer } from './mailer.ts';

describe('SMTP mailer against a real SMTP server on loopback', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('delivers a Chinese message with its text intact', async () => {
    const mailer = createSmtpMailer({ url: inbox.url }, '氛围笔记 <no-reply@vibe.test>');
    const before = inbox.received.length;
    const link = `http://127.0.0.1:8105/reset-password/${'a'.repeat(43)}`;
    await mailer.send({
      to: 'reader@example.com',
      subject: '重置你的密码',
      text: `请点击下面的链接重置密码：\n${link}\n链接 30 分钟内有效。`,
    });
    const mail = await inbox.nextMail('reader@example.com', before);
    mailer.close();
    expect(mail.from).toBe('no-reply@vibe.test');
    expect(mail.subject).toBe('重置你的密码');
    expect(mail.text).toContain('请点击下面的链接重置密码');
    expect(mail.text).toContain(link);
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createSmtpMailer(
      { host: '127.0.0.1', port: 9, secure: false, user: null, pass: null },
      'no-reply@vibe.test',
    );
    await expect(
      mailer.send({ to: 'a@example.com', subject: 's', text: 't' }),
    ).rejects.toBeInstanceOf(Error);
    mailer.close();
  });
});

describe('development mailer', () => {
  it('writes the message to the server log', async () => {
    const lines: unknown[] = [];
    const log = {
      info: (fields: object, message: string) => lines.push({ ...fields, message }),
    } as unknown as Parameters<typeof createLogMailer>[0];
    await createLogMailer(log).send({ to: 'a@example.com', subject: '主题', text: '正文' });
    expect(lines).toEqual([
      {
        mail: { to: 'a@example.com', subject: '主题', text: '正文' },
        message: 'mail (development mailer)',
      },
    ]);
  });
});
