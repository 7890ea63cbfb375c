const SITE_NAME = '氛围笔记';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The reset e-mail, as plain text and as simple HTML with the same words. */
export function resetMail(username: string, link: string, validMinutes: number) {
  const lines = [
    `${username}，你好：`,
    `我们收到了重置你${SITE_NAME}账号密码的请求。请在 ${validMinutes} 分钟内打开下面的链接设置新密码：`,
    link,
    '链接只能使用一次。如果这不是你本人的操作，请忽略这封邮件，你的密码不会改变。',
    SITE_NAME,
  ];
  const [greeting, intro, , notice, signature] = lines.map(escapeHtml);
  return {
    subject: `重置你的${SITE_NAME}密码`,
    text: lines.join('\n\n'),
    html: [
      `<p>${greeting}</p>`,
      `<p>${intro}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${notice}</p>`,
      `<p>${signature}</p>`,
    ].join('\n'),
  };
}
