import type { ReactElement } from 'react';
import { fireEvent, render as renderBare, screen, waitFor } from '@testing-library/react';
import { i18n } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import { t } from './i18n';
import { InviteDialog } from './invite/InviteDialog';
import { PointsHistory } from './points/PointsHistory';

const render = (ui: ReactElement) => renderBare(<UiProvider>{ui}</UiProvider>);
const info = { inviteCode: 'ABCD2345', inviteLink: 'http://localhost/loginPage?aff=ABCD2345', invitedCount: 3, rewardedCount: 2, pointsEarned: 17776, rewardPerInvite: 8888, totalAmount: null };

describe('InviteDialog', () => {
  it('shows the four sections, the counts and the link; the income only when the server gives it', async () => {
    render(<InviteDialog open onClose={() => {}} api={{ inviteInfo: async () => info }} />);
    expect(await screen.findByText('您的邀请收益账户总览')).toBeTruthy();
    for (const heading of ['1. 邀请概览', '2. 邀请规则', '3. 奖励明细', '4. 邀请须知']) expect(screen.getByText(heading)).toBeTruthy();
    expect((await screen.findByTestId('invited-count')).textContent).toBe('3');
    expect(screen.getByText('17776')).toBeTruthy();
    expect(screen.getByTestId('invite-link').textContent).toBe(info.inviteLink);
    expect(screen.queryByText('当前总收入（元）')).toBeNull();
  });

  it('shows 当前总收入 for the configured account', async () => {
    render(<InviteDialog open onClose={() => {}} api={{ inviteInfo: async () => ({ ...info, totalAmount: 123.4 }) }} />);
    expect(await screen.findByText('当前总收入（元）')).toBeTruthy();
    expect(screen.getByText('123.40')).toBeTruthy();
  });

  it('speaks English in the international build', async () => {
    i18n.setLocale('en-US');
    try {
      await t.ready();
      render(<InviteDialog open onClose={() => {}} api={{ inviteInfo: async () => info }} />);
      expect(await screen.findByText('Your referral earnings')).toBeTruthy();
      expect(await screen.findByText('Friends who have completed their first use: 2.')).toBeTruthy();
      expect(screen.getAllByText('+8888 permanent points')).toHaveLength(2);
      expect(screen.getByTestId('invite-dialog').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      i18n.setLocale('zh-CN');
    }
  });
});

describe('PointsHistory', () => {
  it('pages through the ledger 20 at a time with signed amounts', async () => {
    const history = jest.fn(async (pageNo: number) => ({
      total: 25,
      list: [{ id: `e${pageNo}`, bucket: 'permanent' as const, delta: pageNo === 1 ? 8888 : -600, balanceAfter: 8888, kind: 'invite', kindText: pageNo === 1 ? '邀请奖励' : '对话消费', reference: null, createdAt: '2026-11-21T08:00:00.000Z' }],
    }));
    render(<PointsHistory api={{ history }} />);
    expect(await screen.findByText('邀请奖励')).toBeTruthy();
    expect(screen.getByText('+8888')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('对话消费')).toBeTruthy();
    expect(screen.getByText('-600')).toBeTruthy();
    await waitFor(() => expect(history).toHaveBeenLastCalledWith(2, 20));
  });
});
