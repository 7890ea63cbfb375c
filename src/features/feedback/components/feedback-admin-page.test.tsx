import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/client';
import FeedbackAdminPage from './feedback-admin-page';

afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/feedback']}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <FeedbackAdminPage />
      </SWRConfig>
    </MemoryRouter>,
  );

describe('feedback admin page', () => {
  it('lists feedback with its type, sender, contact and screenshots', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      feedback: [
        {
          _id: '2',
          id: '2',
          type: 'ui',
          typeLabel: '界面建议',
          content: '夜间模式对比度不够',
          contactInfo: 'wx: vibe',
          user: { _id: '5', id: '5', username: '阿明' },
          screenshots: ['/api/feedback/screenshots/a.png', '/api/feedback/screenshots/b.png'],
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        {
          _id: '1',
          id: '1',
          type: 'bug',
          typeLabel: '功能问题',
          content: '搜索没有结果',
          contactInfo: null,
          user: null,
          screenshots: [],
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      total: 2,
      page: 1,
      pages: 1,
    });
    renderPage();
    await screen.findByText('夜间模式对比度不够');
    expect(screen.getByText('界面建议')).toBeTruthy();
    expect(screen.getByText('联系方式：wx: vibe')).toBeTruthy();
    expect(screen.getByText('匿名用户')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /截图/ })).toHaveLength(2);
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ feedback: [], total: 0, page: 1, pages: 1 });
    renderPage();
    await screen.findByText('还没有反馈');
  });
});
