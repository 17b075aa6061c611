import { useAuth, useInstitution } from '@tessera/auth';
import { displayName, findModule, type RemoteModuleProps } from '@tessera/data-access/contracts';
import { ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { WorkspaceLine } from './workspace-line';

registerReactInstance(React);

const sales = findModule('sales');

/** The Sales module (exposed as `./sales`): the overview and one route per submodule. */
export default function SalesModule({ basePath }: RemoteModuleProps) {
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  if (!sales) throw new Error('The module catalogue has no sales entry');
  return (
    <ModuleFrame
      module={sales}
      basePath={basePath}
      intro={<WorkspaceLine person={displayName(user)} institution={currentInstitution?.name} />}
    />
  );
}
