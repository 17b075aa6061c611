import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { usePageTrail } from './page-trail';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

const Nav = styled.nav`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  ol { list-style: none; display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; }
  li + li::before { content: '›'; margin-right: 6px; }
  a { color: inherit; }
`;

/**
 * Dashboard › Module › Submodule; the last crumb is the current page. The trail also names the
 * place in the shell's header and the browser tab (page-trail.tsx).
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  usePageTrail(items);
  return (
    <Nav aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={item.to ?? item.label}>
            {item.to && index < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </Nav>
  );
}
