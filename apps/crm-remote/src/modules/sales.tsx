import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import { findModule } from '@tessera/data-access/contracts';
import { ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';

registerReactInstance(React);

const sales = findModule('sales');

/** The Sales module (exposed as `./sales`): the overview and one route per submodule. */
export default function SalesModule({ basePath }: RemoteModuleProps) {
  if (!sales) throw new Error('The module catalogue has no sales entry');
  return <ModuleFrame module={sales} basePath={basePath} />;
}
