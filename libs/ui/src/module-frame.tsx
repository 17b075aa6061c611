import type { ReactNode } from 'react';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from './badge';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { focusRing } from './focus-ring';
import { PageHeader } from './page-header';
import { CardGrid } from './layout';

const CardLink = styled(Link)`
  display: block;
  height: 100%;
  text-decoration: none;
  color: inherit;
  border-radius: ${({ theme }) => theme.radii.lg};
  ${focusRing}
  &:hover section { border-color: ${({ theme }) => theme.colors.primary}; }
  h3 { font-size: ${({ theme }) => theme.font.size.lg}; margin-bottom: 4px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

/** The parts of a module catalogue entry the frame reads (libs/ui imports nothing internal). */
export interface FrameSubmodule {
  id: string;
  name: string;
}

export interface FrameModule {
  id: string;
  name: string;
  description: string;
  isPremium?: boolean;
  submodules: readonly FrameSubmodule[];
}

export interface ModuleFrameProps {
  /** A module catalogue entry. */
  module: FrameModule;
  /** Where the shell mounted the module, e.g. `/modules/healthcare`. */
  basePath: string;
  /** The screen of one submodule; without it the submodule shows its place in the module. */
  renderSubmodule?: (submodule: FrameSubmodule) => ReactNode;
  /** Replaces the generic overview (the module's own landing screen). */
  overview?: ReactNode;
  /** A line under the overview's title (e.g. who works where), above the submodule cards. */
  intro?: ReactNode;
}

function moduleCrumbs(module: FrameModule, basePath: string, submodule?: FrameSubmodule) {
  const crumbs = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: module.name, to: basePath },
  ];
  return submodule ? [...crumbs, { label: submodule.name }] : crumbs;
}

function ModuleOverview({ module, basePath, overview, intro }: ModuleFrameProps) {
  return (
    <>
      <PageHeader
        title={
          <>
            {module.name} {module.isPremium ? <Badge $tone="premium">Premium</Badge> : null}
          </>
        }
        description={module.description}
        breadcrumbs={moduleCrumbs(module, basePath)}
      />
      {intro}
      {overview ?? (
        <CardGrid $min="220px" $gap={4} aria-label={`${module.name} submodules`}>
          {module.submodules.map((submodule) => (
            <li key={submodule.id}>
              <CardLink to={`${basePath}/${submodule.id}`}>
                <Card>
                  <h3>{submodule.name}</h3>
                  <p>
                    {module.name} › {submodule.name}
                  </p>
                </Card>
              </CardLink>
            </li>
          ))}
        </CardGrid>
      )}
    </>
  );
}

function SubmoduleScreen({ module, basePath, renderSubmodule }: ModuleFrameProps) {
  const { submoduleId = '' } = useParams();
  const submodule = module.submodules.find((entry) => entry.id === submoduleId);
  if (!submodule) {
    return (
      <>
        <PageHeader title="Page not found" breadcrumbs={moduleCrumbs(module, basePath)} />
        <EmptyState
          title={`${module.name} has no page “${submoduleId}”`}
          description="The address may be mistyped, or the page was moved."
          action={<Link to={basePath}>Back to {module.name}</Link>}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title={submodule.name} breadcrumbs={moduleCrumbs(module, basePath, submodule)} />
      {renderSubmodule ? (
        renderSubmodule(submodule)
      ) : (
        <Card aria-label={submodule.name}>
          <p>
            {submodule.name} is part of {module.name}: {module.description}
          </p>
          <Link to={basePath}>All of {module.name}</Link>
        </Card>
      )}
    </>
  );
}

/**
 * The frame every module shares: its overview at the base path (description and one card per
 * submodule), each submodule at `<base>/<sub>` with title and breadcrumbs, and a not-found
 * screen for unknown submodules. Routes are relative: the shell mounts the module at
 * `/modules/<id>/*`.
 */
export function ModuleFrame(props: ModuleFrameProps) {
  return (
    <Routes>
      <Route index element={<ModuleOverview {...props} />} />
      <Route path=":submoduleId/*" element={<SubmoduleScreen {...props} />} />
    </Routes>
  );
}
