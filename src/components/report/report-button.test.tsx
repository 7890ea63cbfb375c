import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportText } from '../../../contract/report';
import { ApiError, api } from '../../lib/api/client';
import { notify } from '../../lib/notify';
import { reportTexts } from './texts';
import { ReportButton } from './report-button';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportButton', () => {
  it('opens a dialog with the six reasons and files the chosen one with the note', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ id: '7', status: 'open' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    render(<ReportButton targetType="comment" targetId="42" />);

    fireEvent.click(screen.getByRole('button', { name: '举报这条评论' }));
    const dialog = await screen.findByRole('dialog', { name: '举报这条评论' });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '垃圾广告',
      '色情低俗',
      '违法违规',
      '侵权',
      '人身攻击',
      '其他',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '人身攻击' }));
    fireEvent.change(screen.getByLabelText(reportTexts.detailLabel), {
      target: { value: '  骂人  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: reportTexts.submit }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(reportTexts.sent));
    expect(post).toHaveBeenCalledWith('/api/reports', {
      targetType: 'comment',
      targetId: '42',
      reason: '人身攻击',
      detail: '骂人',
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it("shows the server's message when the report is refused and keeps the dialog open", async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(409, reportText.duplicate));
    const failure = vi.spyOn(notify, 'failure').mockImplementation(() => undefined);
    render(<ReportButton targetType="post" targetId="5" />);
    fireEvent.click(screen.getByRole('button', { name: '举报这篇笔记' }));
    fireEvent.click(await screen.findByRole('button', { name: reportTexts.submit }));
    await waitFor(() => expect(failure).toHaveBeenCalled());
    expect((failure.mock.calls[0][0] as Error).message).toBe(reportText.duplicate);
    expect(screen.getByRole('dialog', { name: '举报这篇笔记' }).isConnected).toBe(true);
  });
});
