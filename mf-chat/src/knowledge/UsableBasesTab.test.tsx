import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UsableBases } from './UsableBases';
import { UsableBasesTab } from './UsableBasesTab';
import { testBase } from './testBase';

const manual = testBase();
const law = testBase({ id: 'kb-pub', title: '劳动法汇编', mine: false, isPublic: 1 });

describe('the settings drawer\'s 知识库 tab', () => {
  it('lists the usable bases under 全部 / 我的 / 公开; a card selects', async () => {
    const onPick = jest.fn();
    render(<UsableBasesTab bases={new UsableBases(async () => [manual, law])} onPick={onPick} />);
    const titles = () => screen.queryAllByTestId('agent-card').map((card) => card.querySelector('strong')!.firstChild!.textContent);
    await waitFor(() => expect(titles()).toEqual(['产品手册', '劳动法汇编']));
    fireEvent.click(screen.getByRole('tab', { name: '公开' }));
    expect(titles()).toEqual(['劳动法汇编']);
    fireEvent.click(screen.getByRole('tab', { name: '我的' }));
    expect(titles()).toEqual(['产品手册']);
    fireEvent.click(screen.getByText('产品手册'));
    expect(onPick).toHaveBeenCalledWith(manual);
  });

  it('signed out: asks to log in', () => {
    render(<UsableBasesTab bases={null} onPick={jest.fn()} />);
    expect(screen.getByTestId('knowledge-sign-in').textContent).toContain('登录后查看和使用知识库');
  });
});
