import {
  flattenSearchResults,
  prefixTsQuery,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from '@tessera/data-access/contracts';
import { useSearchResults } from '@tessera/data-access/hooks';
import { Dialog, focusRing } from '@tessera/ui';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import { movedOption } from './palette-keys';
import { useDebouncedText } from './use-debounced-text';

const Label = styled.label`
  display: block;
  font-weight: 600;
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const Input = styled.input`
  width: 100%;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.font.size.md};
  ${focusRing}
`;

const Results = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  max-height: min(60vh, 480px);
  overflow: auto;
`;

const GroupLabel = styled.div`
  padding: ${({ theme }) => theme.space(2)} 8px ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Hits = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Option = styled.li<{ $active: boolean }>`
  padding: 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryMuted : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.colors.focus}` : 'none')};
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The command palette (docs/product/search.md#search-across-everything): a combobox over the
 * records the caller may read, grouped by module. Arrows move through every hit, Enter opens the
 * active one's page, Escape closes.
 */
export function SearchPalette({ open, onOpenChange }: SearchPaletteProps) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const settled = useDebouncedText(text);
  const search = useSearchResults(settled);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();

  const searchable = prefixTsQuery(text) !== null;
  const options = searchable && search.data ? flattenSearchResults(search.data) : [];
  const groups = searchable && search.data ? search.data.groups : [];
  const current = options[Math.min(active, options.length - 1)];

  function close() {
    setText('');
    setActive(0);
    onOpenChange(false);
  }

  function go(path: string) {
    close();
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      setActive((index) =>
        movedOption(Math.min(index, options.length - 1), options.length, event.key as 'ArrowDown'),
      );
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      go(current.hit.path);
    }
  }

  let status: string | null = null;
  if (text.trim().length > 0 && !searchable) status = `Type at least ${SEARCH_MIN_LENGTH} characters.`;
  else if (searchable && search.isError)
    status = errorMessage(search.error, 'Search is unavailable right now. Try again.');
  else if (searchable && (search.isPending || settled !== text) && options.length === 0)
    status = 'Searching…';
  else if (searchable && search.data && options.length === 0) status = 'No matches found.';

  let index = -1;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Search"
      description="Records, contacts, companies, deals and leads you may read."
    >
      <Label htmlFor={inputId}>Search everything</Label>
      <Input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Name, e-mail, company…"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? `${listId}-${options.indexOf(current)}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <Results id={listId} role="listbox" aria-label="Search results" hidden={options.length === 0}>
        {groups.map((group) => (
          <li key={group.module_id} role="presentation">
            <GroupLabel aria-hidden="true">{group.module_name}</GroupLabel>
            <Hits role="group" aria-label={group.module_name}>
              {group.hits.map((hit) => {
                index += 1;
                const position = index;
                const isActive = current?.hit === hit;
                return (
                  <Option
                    key={`${hit.kind}-${hit.id}`}
                    id={`${listId}-${position}`}
                    role="option"
                    aria-selected={isActive}
                    $active={isActive}
                    onMouseEnter={() => setActive(position)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => go(hit.path)}
                  >
                    {hit.title}
                    <small>{hit.subtitle ? `${hit.kind_label} · ${hit.subtitle}` : hit.kind_label}</small>
                  </Option>
                );
              })}
            </Hits>
          </li>
        ))}
      </Results>
      {status ? <Note role="status">{status}</Note> : null}
    </Dialog>
  );
}
