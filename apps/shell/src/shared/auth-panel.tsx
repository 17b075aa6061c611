import { Card, PRODUCT_NAME } from '@tessera/ui';
import { type ReactNode, useEffect } from 'react';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const Panel = styled(Card)`
  width: min(440px, 100%);
  padding: ${({ theme }) => theme.space(8)};
  h1 { font-size: ${({ theme }) => theme.font.size.xxl}; margin-bottom: ${({ theme }) => theme.space(1)}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; margin: 0 0 ${({ theme }) => theme.space(4)}; }
  p[role='alert'] { color: ${({ theme }) => theme.colors.destructive}; font-weight: 600; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

export interface AuthPanelProps {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** The one-card page of everything before a session exists: sign-in, invitations, password reset. */
export function AuthPanel({ title, intro, children }: AuthPanelProps) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <Page>
      <Panel>
        <h1>{title}</h1>
        {intro ? <p>{intro}</p> : null}
        {children}
      </Panel>
    </Page>
  );
}
