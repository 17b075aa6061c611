import type { ModuleCatalogueEntry } from '@tessera/data-access/contracts';
import { focusRing, VisuallyHidden } from '@tessera/ui';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { matchModules } from './match-modules';

const Wrapper = styled.div`
  position: relative;
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
`;

const SearchInput = styled.input`
  width: 100%;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  ${focusRing}
`;

const Results = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.popover};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: 6px 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryMuted : 'transparent')};
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; }
`;

const NoMatches = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: 6px 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The sidebar's module search (docs/product/shell.md#quick-search): a combobox; arrows move, Enter opens, Escape clears. */
export function QuickSearch({ modules }: { modules: readonly ModuleCatalogueEntry[] }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const results = useMemo(() => matchModules(query, modules), [query, modules]);
  const open = query.trim().length > 0;

  function go(path: string) {
    setQuery('');
    setActive(0);
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === 'Enter' && results[active]) {
      event.preventDefault();
      go(results[active].path);
    } else if (event.key === 'Escape' && query) {
      // Keep Escape for the drawer when there is nothing to clear.
      event.stopPropagation();
      setQuery('');
    }
  }

  return (
    <Wrapper>
      <VisuallyHidden as="label" htmlFor={inputId}>
        Quick search modules
      </VisuallyHidden>
      <SearchInput
        id={inputId}
        type="search"
        role="combobox"
        placeholder="Quick search modules"
        autoComplete="off"
        aria-expanded={open && results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && results[active] ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {open && results.length > 0 ? (
        <Results id={listId} role="listbox" aria-label="Matching modules">
          {results.map((result, index) => (
            <Option
              key={result.path}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              $active={index === active}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(result.path)}
            >
              {result.label}
              <small>{result.category}</small>
            </Option>
          ))}
        </Results>
      ) : null}
      {open && results.length === 0 ? <NoMatches role="status">No matches found.</NoMatches> : null}
    </Wrapper>
  );
}
