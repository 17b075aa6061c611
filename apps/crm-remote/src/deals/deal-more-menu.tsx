import { Button, MenuItem, MenuList, useMenuKeyboard } from '@tessera/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  position: relative;
`;

const Menu = styled(MenuList)`
  z-index: 30;
`;

/** Focus from a click shows too: the menu moves focus to its first item when it opens. */
const Item = styled(MenuItem)`
  &:focus { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

export interface MoreMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The header's "more" button: a small menu (arrow keys move, Escape closes). */
export function DealMoreMenu({ items, label }: { items: MoreMenuItem[]; label: string }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onMenuKeyDown = useMenuKeyboard(
    useCallback(() => {
      setOpen(false);
      wrap.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }, []),
  );

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onDown = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <Wrap
      ref={wrap}
      onKeyDown={(event) => {
        if (open) onMenuKeyDown(event);
      }}
    >
      <Button
        variant="secondary"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋯</span>
      </Button>
      {open ? (
        <Menu role="menu" aria-label={label}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <Item
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                role="menuitem"
                type="button"
                $danger={item.danger}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </Item>
            </li>
          ))}
        </Menu>
      ) : null}
    </Wrap>
  );
}
