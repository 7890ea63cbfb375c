import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contract/message';
import { threadReducer } from './thread-items';
import type { ThreadItem } from './thread-items';

const message = (id: string, content: string, senderId = '1'): Message => ({
  _id: id,
  id,
  senderId,
  recipientId: senderId === '1' ? '2' : '1',
  content,
  createdAt: '2026-01-01T00:00:00.000Z',
  readAt: null,
});

const contents = (items: ThreadItem[]) => items.map((item) => [item.message.content, item.state]);

describe('thread items', () => {
  it('shows a message at once, then the server’s copy, or a failed state that can be retried', () => {
    let items = threadReducer([], {
      type: 'loaded',
      messages: [message('1', '早')],
      earlier: false,
    });
    items = threadReducer(items, { type: 'queued', key: 'local-1', message: message('', '你好') });
    expect(contents(items)).toEqual([
      ['早', 'sent'],
      ['你好', 'sending'],
    ]);
    items = threadReducer(items, { type: 'failed', key: 'local-1' });
    expect(contents(items)[1]).toEqual(['你好', 'failed']);
    items = threadReducer(items, { type: 'retrying', key: 'local-1' });
    expect(contents(items)[1]).toEqual(['你好', 'sending']);
    items = threadReducer(items, { type: 'sent', key: 'local-1', message: message('9', '你好') });
    expect(contents(items)[1]).toEqual(['你好', 'sent']);
    expect(items[1].message.id).toBe('9');
  });

  it('never shows a message twice, whichever of the answer and the live echo comes first', () => {
    const queued = threadReducer([], { type: 'queued', key: 'l', message: message('', '嗨') });
    const echoFirst = threadReducer(queued, { type: 'received', message: message('5', '嗨') });
    expect(contents(echoFirst)).toEqual([['嗨', 'sending']]);
    expect(
      contents(threadReducer(echoFirst, { type: 'sent', key: 'l', message: message('5', '嗨') })),
    ).toEqual([['嗨', 'sent']]);

    const answered = threadReducer(queued, { type: 'sent', key: 'l', message: message('5', '嗨') });
    expect(threadReducer(answered, { type: 'received', message: message('5', '嗨') })).toHaveLength(
      1,
    );

    // Live messages from the other person are appended.
    expect(
      contents(threadReducer(answered, { type: 'received', message: message('6', '嗨', '2') })),
    ).toEqual([
      ['嗨', 'sent'],
      ['嗨', 'sent'],
    ]);
  });

  it('puts earlier pages on top and keeps unsent messages through a reload', () => {
    let items = threadReducer([], {
      type: 'loaded',
      messages: [message('3', '三'), message('4', '四')],
      earlier: false,
    });
    items = threadReducer(items, {
      type: 'loaded',
      messages: [message('1', '一'), message('2', '二'), message('3', '三')],
      earlier: true,
    });
    expect(items.map((item) => item.message.id)).toEqual(['1', '2', '3', '4']);
    items = threadReducer(items, { type: 'queued', key: 'l', message: message('', '五') });
    items = threadReducer(items, { type: 'failed', key: 'l' });
    items = threadReducer(items, {
      type: 'loaded',
      messages: [message('4', '四')],
      earlier: false,
    });
    expect(contents(items)).toEqual([
      ['四', 'sent'],
      ['五', 'failed'],
    ]);
  });
});
