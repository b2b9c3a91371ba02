import { act, fireEvent, render, screen } from '@testing-library/react';
import { eventBus } from '@qiming/sdk';
import { InsufficientPointsDialog } from './InsufficientPointsDialog';

describe('InsufficientPointsDialog (spec chat §8)', () => {
  it('opens on points:insufficient; 充值积分 closes it before the pay dialog opens (one dialog at a time)', () => {
    const opened: unknown[] = [];
    const off = eventBus.on('pay:open', (payload) => opened.push(payload));
    try {
      render(<InsufficientPointsDialog />);
      expect(screen.queryByTestId('insufficient-points')).toBeNull();
      act(() => eventBus.emit('points:insufficient', { message: '积分不足，请及时充值' }));
      expect(screen.getByTestId('insufficient-points').textContent).toContain('当前积分不足');
      expect(opened).toEqual([]);
      act(() => fireEvent.click(screen.getByRole('button', { name: '充值积分' })));
      expect(screen.queryByTestId('insufficient-points')).toBeNull();
      expect(opened).toHaveLength(1);
      expect(opened[0]).toEqual({ reason: 'points' });
      expect(window.location.pathname).toBe('/');
    } finally {
      off();
    }
  });
});
