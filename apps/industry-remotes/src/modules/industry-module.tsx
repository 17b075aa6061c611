import { findModule, type RemoteModuleProps } from '@tessera/data-access/contracts';
import { EmptyState, ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { SubmoduleScreen } from '../records/submodule-screen';

// Proves at run time that this remote uses the shell's React (one instance in the page).
registerReactInstance(React);

/**
 * Every industry module (exposed as `./project`, `./healthcare`, … — one expose per catalogue
 * entry served by this remote): the module's overview and one route per submodule.
 */
export default function IndustryModule({ moduleId, basePath }: RemoteModuleProps) {
  const module = findModule(moduleId);
  if (module?.remote !== 'industry') {
    return <EmptyState title="Unknown module" description={`This remote does not serve “${moduleId}”.`} />;
  }
  return (
    <ModuleFrame
      module={module}
      basePath={basePath}
      renderSubmodule={(submodule) => (
        <SubmoduleScreen moduleId={module.id} submoduleId={submodule.id} basePath={basePath} />
      )}
    />
  );
}
