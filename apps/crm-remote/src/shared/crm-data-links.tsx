import type { CrmImportEntity } from '@tessera/data-access/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  a:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/**
 * The CRM's data tools, linked from the contacts, leads, companies and deals lists
 * (docs/product/crm-imports.md); `entity` opens them on that list's records.
 */
export function CrmDataLinks({ basePath, entity }: { basePath: string; entity?: CrmImportEntity }) {
  const query = entity ? `?entity=${entity}` : '';
  return (
    <Links aria-label="CRM data">
      <Link to={`${basePath}/imports${query}`}>Import from CSV</Link>
      <Link to={`${basePath}/duplicates${query}`}>Duplicates</Link>
    </Links>
  );
}
