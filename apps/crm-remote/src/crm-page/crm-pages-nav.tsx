import { findModule } from '@tessera/data-access/contracts';
import { focusRing } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const List = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  a {
    display: inline-block;
    padding: 6px ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.full};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    text-decoration: none;
    &:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
    ${focusRing}
  }
`;

/** Every page of the CRM, as the sidebar lists them (the catalogue's submodules), from its own page. */
export function CrmPagesNav({ basePath }: { basePath: string }) {
  const submodules = findModule('crm')?.submodules ?? [];
  return (
    <nav aria-label="CRM pages">
      <List>
        {submodules.map((submodule) => (
          <li key={submodule.id}>
            <Link to={`${basePath}/${submodule.id}`}>{submodule.name}</Link>
          </li>
        ))}
      </List>
    </nav>
  );
}
