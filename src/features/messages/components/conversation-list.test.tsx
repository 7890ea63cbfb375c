import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../contract/message';
import { ConversationList } from './conversation-list';

const conversation = (id: string, username: string, content: string): Conversation => ({
  user: { id, _id: id, username, avatar: '', isPremium: false },
  lastMessage: {
    _id: `m${id}`,
    id: `m${id}`,
    senderId: id,
    recipientId: 'me',
    content,
    createdAt: '2026-05-01T08:00:00.000Z',
    readAt: null,
  },
  unreadCount: 1,
  updatedAt: '2026-05-01T08:00:00.000Z',
});

const conversations = [
  conversation('1', '代码诗人', '在吗'),
  conversation('2', '像素旅人', '周末见'),
  conversation('3', '周末咖啡', '好的'),
];

const row = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('ConversationList', () => {
  it('moves between conversations with the arrow, Home and End keys', () => {
    render(<ConversationList conversations={conversations} loading={false} onOpen={vi.fn()} />);
    row('代码诗人').focus();
    fireEvent.keyDown(row('代码诗人'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('像素旅人'));
    fireEvent.keyDown(row('像素旅人'), { key: 'End' });
    expect(document.activeElement).toBe(row('周末咖啡'));
    fireEvent.keyDown(row('周末咖啡'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('周末咖啡'));
    fireEvent.keyDown(row('周末咖啡'), { key: 'Home' });
    expect(document.activeElement).toBe(row('代码诗人'));
    fireEvent.keyDown(row('代码诗人'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row('代码诗人'));
  });

  it('marks the conversation shown beside it as current and opens another on click', () => {
    const onOpen = vi.fn();
    render(
      <ConversationList
        conversations={conversations}
        loading={false}
        onOpen={onOpen}
        selected="2"
      />,
    );
    expect(row('像素旅人').getAttribute('aria-current')).toBe('true');
    expect(row('代码诗人').hasAttribute('aria-current')).toBe(false);
    fireEvent.click(row('周末咖啡'));
    expect(onOpen).toHaveBeenCalledWith('3');
  });
});
