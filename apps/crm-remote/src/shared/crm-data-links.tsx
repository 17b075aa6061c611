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

/** The CRM's data tools, linked from the contacts, leads and deals lists (docs/product/crm-imports.md). */
export function CrmDataLinks({ basePath }: { basePath: string }) {
  return (
    <Links aria-label="CRM data">
      <Link to={`${basePath}/imports`}>Import from CSV</Link>
      <Link to={`${basePath}/duplicates`}>Duplicates</Link>
    </Links>
  );
}
