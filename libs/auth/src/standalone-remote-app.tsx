import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import { useModuleCatalogue } from '@tessera/data-access/hooks';
import { Button, Card, Spinner, Toaster } from '@tessera/ui';
import type { ComponentType } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from './auth-provider';
import { InstitutionSwitcher } from './institution-switcher';
import { SignInForm } from './sign-in-form';
import { TesseraProviders } from './tessera-providers';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  strong { margin-right: auto; }
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
`;

export interface StandaloneRemoteAppProps {
  title: string;
  /** Module id → the exposed component, the same the shell loads through federation. */
  modules: Record<string, ComponentType<RemoteModuleProps>>;
}

function ModuleRoute({ modules }: Pick<StandaloneRemoteAppProps, 'modules'>) {
  const { moduleId = '' } = useParams();
  const Module = modules[moduleId];
  if (!Module) return <p>This remote does not serve “{moduleId}”.</p>;
  return <Module moduleId={moduleId} basePath={`/modules/${moduleId}`} />;
}

function Workspace({ title, modules }: StandaloneRemoteAppProps) {
  const { user, isLoading, signOut } = useAuth();
  const { findModule } = useModuleCatalogue();
  if (isLoading) return <Spinner block />;
  if (!user) {
    return (
      <Main>
        <Card style={{ maxWidth: 400, margin: '10vh auto' }}>
          <h1>{title}</h1>
          <SignInForm />
        </Card>
      </Main>
    );
  }
  const ids = Object.keys(modules);
  return (
    <>
      <Bar>
        <strong>{title}</strong>
        <nav aria-label="Modules">
          {ids.map((id) => (
            <Link key={id} to={`/modules/${id}`} style={{ marginRight: 12 }}>
              {findModule(id)?.name ?? id}
            </Link>
          ))}
        </nav>
        <InstitutionSwitcher />
        <Button variant="secondary" size="sm" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Bar>
      <Main>
        <Routes>
          <Route path="/modules/:moduleId/*" element={<ModuleRoute modules={modules} />} />
          <Route path="*" element={<Navigate to={`/modules/${ids[0]}`} replace />} />
        </Routes>
      </Main>
    </>
  );
}

/** A remote's own page for its team (its standalone dev server): the shell's providers, against the API via the dev proxy. */
export function StandaloneRemoteApp(props: StandaloneRemoteAppProps) {
  return (
    <BrowserRouter>
      <TesseraProviders>
        <Workspace {...props} />
        <Toaster />
      </TesseraProviders>
    </BrowserRouter>
  );
}
