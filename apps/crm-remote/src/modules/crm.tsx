import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import { findModule } from '@tessera/data-access/contracts';
import { ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';

// Proves at run time that this remote uses the shell's React (one instance in the page).
registerReactInstance(React);

const crm = findModule('crm');

/** The CRM module (exposed as `./crm`): the overview and one route per submodule. */
export default function CrmModule({ basePath }: RemoteModuleProps) {
  if (!crm) throw new Error('The module catalogue has no crm entry');
  return <ModuleFrame module={crm} basePath={basePath} />;
}
