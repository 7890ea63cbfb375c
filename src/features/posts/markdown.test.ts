import { describe, expect, it } from 'vitest';
import { highlightCode } from './highlight';
import { isSafeUrl } from '../../../shared/markdown/parser';
import { hasCodeBlock, renderMarkdown } from './markdown';

function parse(source: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(source, highlightCode);
  return container;
}

/** Every way a rendered body could run script: elements, handlers and URLs. */
function scriptVectors(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'svg', 'form'].includes(tag)) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
      if (['href', 'src', 'action', 'formaction'].includes(attribute.name)) {
        if (!isSafeUrl(attribute.value) && attribute.value !== '') {
          found.push(`${tag}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
  }
  return found;
}

const hostileInputs = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[点我](javascript:alert(1))',
  '[点我](JaVaScRiPt:alert(1))',
  '[点我](  javascript:alert(1))',
  '[点我](java&#x09;script:alert(1))',
  '[点我](&#106;avascript:alert(1))',
  '[点我](vbscript:msgbox(1))',
  '[点我](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[点我](file:///etc/passwd)',
  '[点我](//evil.example/x)',
  '![图](javascript:alert(1))',
  '![图](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<javascript:alert(1)>',
  '[ref]: javascript:alert(1)\n\n[ref]',
  '```"><script>alert(1)</script>\ncode\n```',
  '```js\n</code></pre><script>alert(1)</script>\n```',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '[x](https://ok.example "title\\" onmouseover=\\"alert(1)")',
];

describe('renderMarkdown', () => {
  it.each(hostileInputs)('leaves no way to run script from %s', (input) => {
    expect(scriptVectors(parse(input))).toEqual([]);
  });

  it('shows raw HTML as text instead of dropping what the author wrote', () => {
    expect(parse('<b>粗体</b>').textContent).toContain('<b>粗体</b>');
  });

  it('keeps web and mail links, opening web links in a new tab without an opener', () => {
    const root = parse('[站点](https://example.com) [邮件](mailto:a@example.com)');
    const [web, mail] = root.querySelectorAll('a');
    expect(web.getAttribute('href')).toBe('https://example.com');
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toContain('noopener');
    expect(mail.getAttribute('href')).toBe('mailto:a@example.com');
    expect(mail.hasAttribute('target')).toBe(false);
  });

  it('keeps paths of this site', () => {
    expect(parse('[笔记](/post/12)').querySelector('a')?.getAttribute('href')).toBe('/post/12');
  });

  it('leaves code plain without a highlighter', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMarkdown('```ts\nconst a = 1;\n```');
    expect(container.querySelector('pre code span')).toBeNull();
    expect(container.textContent).toContain('const a = 1;');
  });

  it('highlights code blocks of a known language and leaves others plain', () => {
    const root = parse('```ts\nconst answer: number = 42;\n```\n\n```brainfuck\n+++\n```');
    const [known, unknown] = root.querySelectorAll('pre code');
    expect(known.className).toContain('language-ts');
    expect(known.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(unknown.querySelector('span')).toBeNull();
    expect(unknown.textContent).toBe('+++\n');
  });
  it('lets the keyboard reach a code block and names it by its language', () => {
    const [typed, plain] = parse('```ts\nconst a = 1;\n```\n\n```\nplain\n```').querySelectorAll(
      'pre',
    );
    expect(typed.getAttribute('tabindex')).toBe('0');
    expect(typed.getAttribute('role')).toBe('region');
    expect(typed.getAttribute('aria-label')).toBe('ts 代码');
    expect(plain.getAttribute('aria-label')).toBe('代码');
  });

  it('escapes a code block language that carries markup', () => {
    const pre = parse('```"><img src=x onerror=alert(1)>\ncode\n```').querySelector('pre');
    expect(pre?.getAttribute('aria-label')).toBe('"><img 代码');
    expect(pre?.querySelector('img')).toBeNull();
  });
});

describe('hasCodeBlock', () => {
  it.each([
    ['```ts\ncode\n```', true],
    ['正文\n\n~~~\ncode\n~~~', true],
    ['行内 `code` 不算', false],
    ['没有代码', false],
  ])('%j -> %s', (source, expected) => {
    expect(hasCodeBlock(source)).toBe(expected);
  });
});

describe('isSafeUrl', () => {
  it.each([
    ['https://example.com', true],
    ['HTTP://example.com', true],
    ['mailto:a@b.c', true],
    ['/api/uploads/a.png', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['ftp://example.com', false],
  ])('%s -> %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});

describe('mentions in a note', () => {
  it('links each @name to its page, and nothing in code or links', () => {
    const root = parse(
      '感谢@林深见鹿，还有 @alice_01！\n\n`@代码诗人` 和 [@像素旅人](https://example.com) me@example.com\n\n```\n@周末咖啡\n```',
    );
    const mentions = [...root.querySelectorAll('a.mention')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(mentions).toEqual([
      ['@林深见鹿', `/u/${encodeURIComponent('林深见鹿')}`],
      ['@alice_01', '/u/alice_01'],
    ]);
    expect(root.textContent).toContain('感谢@林深见鹿，还有 @alice_01！');
    expect(scriptVectors(root)).toEqual([]);
  });
});
