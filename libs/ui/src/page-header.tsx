import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h2 { font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
}

/** The page's title (h2: the shell header holds the h1 naming the place), crumbs and actions. */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  return (
    <Wrapper>
      {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
      <Row>
        <div>
          <h2>{title}</h2>
          {description ? <p>{description}</p> : null}
        </div>
        {actions ? <div>{actions}</div> : null}
      </Row>
    </Wrapper>
  );
}
