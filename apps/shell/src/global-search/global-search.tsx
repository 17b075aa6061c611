import { focusRing } from '@tessera/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { isSearchShortcut } from './palette-keys';
import { SearchPalette } from './search-palette';

const SearchButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: 6px 10px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  font-size: ${({ theme }) => theme.font.size.sm};
  kbd {
    font-family: inherit;
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: 0 4px;
  }
  @media (max-width: 767px) {
    kbd { display: none; }
  }
  ${focusRing}
`;

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's Search button and the ⌘K / Ctrl+K shortcut, both opening the search palette
 * (docs/product/search.md#search-across-everything).
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <SearchButton
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Meta+K Control+K"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">⌕</span>
        Search
        <kbd>{onMac() ? '⌘K' : 'Ctrl K'}</kbd>
      </SearchButton>
      <SearchPalette open={open} onOpenChange={setOpen} />
    </>
  );
}
