import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from './button';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const Panel = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.popover};
  width: min(520px, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: ${({ theme }) => theme.space(6)};
`;

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
}

/** A modal dialog: named by its title, closed by Escape, the close button or a click outside. */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Callers often pass an inline callback: keep the latest in a ref so a re-render does not re-run
  // the effect below, which would move focus back to the first field on every keystroke.
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    // The first field the user can change: a read-only one (a fixed recipient) is only shown.
    const focusable = panelRef.current?.querySelector<HTMLElement>(
      'input:not([readonly]), select, textarea:not([readonly]), button:not([data-close])',
    );
    (focusable ?? panelRef.current)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChangeRef.current(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Overlay
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <Header>
          <div>
            <h2 id={titleId}>{title}</h2>
            {description ? <Description id={descriptionId}>{description}</Description> : null}
          </div>
          <Button variant="ghost" size="sm" aria-label="Close" data-close onClick={() => onOpenChange(false)}>
            ✕
          </Button>
        </Header>
        {children}
      </Panel>
    </Overlay>,
    document.body,
  );
}
