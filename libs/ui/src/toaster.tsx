import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { dismissToast, getToastState, subscribeToToasts, type ToastData } from './toast-store';

const Region = styled.section`
  position: fixed;
  right: ${({ theme }) => theme.space(4)};
  bottom: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(380px, calc(100vw - 32px));
`;

const Item = styled.div<{ $destructive: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.popover};
  border: 1px solid ${({ theme, $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.border)};
  background: ${({ theme, $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.surface)};
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.destructiveText : theme.colors.text)};
  div { flex: 1; min-width: 0; }
  strong { display: block; }
  p { margin: 2px 0 0; font-size: ${({ theme }) => theme.font.size.sm}; }
  button { color: inherit; }
`;

function ToastItem({ toast }: { toast: ToastData }) {
  const destructive = toast.variant === 'destructive';
  return (
    <Item role={destructive ? 'alert' : 'status'} $destructive={destructive}>
      <div>
        {toast.title ? <strong>{toast.title}</strong> : null}
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        ✕
      </Button>
    </Item>
  );
}

/** Renders the open toasts; mount once (the shell does), every toast() in the page lands here. */
export function Toaster() {
  const state = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  const open = state.toasts.filter((t) => t.open);
  return (
    <Region aria-label="Notifications">
      {open.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </Region>
  );
}
