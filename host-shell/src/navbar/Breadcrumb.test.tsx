import { act, render, screen } from '@testing-library/react';
import { eventBus } from '@qiming/sdk';
import { Breadcrumb } from './Breadcrumb';

describe('Breadcrumb', () => {
  it('names the page by the title its area announces, the host table only until then (issue 19 item 16)', () => {
    const { rerender } = render(<Breadcrumb pathname="/pay" />);
    const current = () => screen.getByTestId('breadcrumb').querySelector('[aria-current="page"]')?.textContent;
    expect(current()).toBe('充值与套餐');
    act(() => eventBus.emit('page:shown', { path: '/pay', title: '会员与积分' }));
    expect(current()).toBe('会员与积分');
    act(() => eventBus.emit('page:shown', { path: '/rulePage', title: '另一页' }));
    expect(current()).toBe('充值与套餐');
    rerender(<Breadcrumb pathname="/rulePage" />);
    expect(current()).toBe('另一页');
    rerender(<Breadcrumb pathname="/" />);
    expect(current()).toBeUndefined();
  });
});
