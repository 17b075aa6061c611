import { TOAST_LIMIT, TOAST_REMOVE_DELAY, type ToastData, toastReducer } from './toast-store';

const make = (id: string): ToastData => ({ id, open: true, title: `Toast ${id}` });

describe('toastReducer', () => {
  it('adds newest first and keeps at most 5', () => {
    let state = { toasts: [] as ToastData[] };
    for (const id of ['1', '2', '3', '4', '5', '6'])
      state = toastReducer(state, { type: 'ADD_TOAST', toast: make(id) });
    expect(TOAST_LIMIT).toBe(5);
    expect(state.toasts.map((t) => t.id)).toEqual(['6', '5', '4', '3', '2']);
  });

  it('dismiss marks one toast closed without removing it', () => {
    const state = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([{ ...make('1'), open: false }, make('2')]);
  });

  it('dismiss without an id closes all', () => {
    const state = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'DISMISS_TOAST' });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
  });

  it('remove drops one, or all without an id', () => {
    const start = { toasts: [make('1'), make('2')] };
    expect(toastReducer(start, { type: 'REMOVE_TOAST', toastId: '1' }).toasts.map((t) => t.id)).toEqual([
      '2',
    ]);
    expect(toastReducer(start, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const state = toastReducer(
      { toasts: [make('1')] },
      { type: 'UPDATE_TOAST', toast: { id: '1', variant: 'destructive' } },
    );
    expect(state.toasts[0].variant).toBe('destructive');
  });

  it('removes a dismissed toast after 1,000,000 ms', async () => {
    jest.useFakeTimers();
    const store = await import('./toast-store');
    const { id } = store.toast({ title: 'Saved' });
    store.dismissToast(id);
    expect(store.getToastState().toasts.find((t) => t.id === id)?.open).toBe(false);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getToastState().toasts.some((t) => t.id === id)).toBe(true);
    jest.advanceTimersByTime(1);
    expect(store.getToastState().toasts.some((t) => t.id === id)).toBe(false);
    jest.useRealTimers();
  });
});
