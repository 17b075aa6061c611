import type { ReactNode } from 'react';

/** docs/product/shell.md#toasts: at most 5 toasts; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: string;
  open: boolean;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastState {
  toasts: ToastData[];
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToastData }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** docs/product/shell.md#toasts: newest first, at most 5; dismissing marks closed; removing drops it (or all). */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { toasts: [] };
      return { toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

type Listener = (state: ToastState) => void;

let memoryState: ToastState = { toasts: [] };
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  memoryState = toastReducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(toastId: string): void {
  if (removeTimers.has(toastId)) return;
  removeTimers.set(
    toastId,
    setTimeout(() => {
      removeTimers.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast (or all) and schedules its removal. */
export function dismissToast(toastId?: string): void {
  const ids = toastId === undefined ? memoryState.toasts.map((t) => t.id) : [toastId];
  for (const id of ids) scheduleRemoval(id);
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

/**
 * Shows a toast from anywhere (a mutation's onError, a provider). The store lives in this
 * module, which federation shares, so the shell's Toaster shows toasts raised by remotes too.
 */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'ADD_TOAST', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToastState(): ToastState {
  return memoryState;
}
