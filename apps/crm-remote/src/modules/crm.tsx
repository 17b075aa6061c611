import { useAuth, useInstitution } from '@tessera/auth';
import { displayName, findModule, type RemoteModuleProps } from '@tessera/data-access/contracts';
import { ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { BuildStamp } from '../build-info/build-stamp';
import { WorkspaceLine } from './workspace-line';

// Proves at run time that this remote uses the shell's React (one instance in the page).
registerReactInstance(React);

const crm = findModule('crm');

/** The CRM module (exposed as `./crm`): the overview and one route per submodule. */
export default function CrmModule({ basePath }: RemoteModuleProps) {
  // Read from the shell's providers: federation shares @tessera/auth, so these are the very
  // contexts the shell created (a second copy would throw "must be used within" here).
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  if (!crm) throw new Error('The module catalogue has no crm entry');
  return (
    <>
      <ModuleFrame
        module={crm}
        basePath={basePath}
        intro={<WorkspaceLine person={displayName(user)} institution={currentInstitution?.name} />}
      />
      <BuildStamp />
    </>
  );
}
