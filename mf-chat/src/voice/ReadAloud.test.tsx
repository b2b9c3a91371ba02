import { act, fireEvent, render, screen } from '@testing-library/react';
import { ReadAloud } from './ReadAloud';
import { speechApi } from './speechApi';

jest.mock('./speechApi', () => ({ speechApi: { speak: jest.fn(), queue: jest.fn() } }));

const api = speechApi as jest.Mocked<typeof speechApi>;

describe('ReadAloud (朗读)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the place in the server queue while the request waits, with the same ticket as the request', async () => {
    let finish: (blob: Blob) => void = () => undefined;
    api.speak.mockImplementation(() => new Promise<Blob>((resolve) => (finish = resolve)));
    api.queue.mockResolvedValueOnce({ state: 'waiting', ahead: 3 }).mockResolvedValueOnce({ state: 'waiting', ahead: 1 }).mockResolvedValue({ state: 'running' });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    render(<ReadAloud text="一段回答" />);
    fireEvent.click(screen.getByTestId('read-aloud'));
    await act(async () => void jest.advanceTimersByTime(300));
    expect(screen.getByTestId('speech-queue').textContent).toBe('排队中（前面还有 3 个）');
    const ticket = api.speak.mock.calls[0]![2];
    expect(ticket).toMatch(/^[\w-]{8,64}$/);
    expect(api.queue).toHaveBeenCalledWith(ticket);
    await act(async () => void jest.advanceTimersByTime(1500));
    expect(screen.getByTestId('speech-queue').textContent).toBe('排队中（前面还有 1 个）');
    await act(async () => void jest.advanceTimersByTime(1500));
    expect(screen.queryByTestId('speech-queue')).toBeNull();
    await act(async () => {
      finish(new Blob(['mp3']));
      await jest.advanceTimersByTimeAsync(400);
    });
    expect(screen.getByTestId('speech-player')).toBeTruthy();
  });
});
