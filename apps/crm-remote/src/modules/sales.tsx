import { useAuth, useInstitution } from '@tessera/auth';
import { displayName, findModule, type RemoteModuleProps } from '@tessera/data-access/contracts';
import { type FrameSubmodule, ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { SalesAutomation, SalesForecasting, SalesPipeline } from '../sales/sales-screens';
import { WorkspaceLine } from './workspace-line';

registerReactInstance(React);

const sales = findModule('sales');

/** Each submodule's screen, over the CRM's deals, forecast and automation. */
function renderSubmodule(submodule: FrameSubmodule) {
  switch (submodule.id) {
    case 'pipeline':
      return <SalesPipeline />;
    case 'forecasting':
      return <SalesForecasting />;
    case 'automation':
      return <SalesAutomation />;
    default:
      return null;
  }
}

/** The Sales module (exposed as `./sales`): the overview and the pipeline, forecasting and automation. */
export default function SalesModule({ basePath }: RemoteModuleProps) {
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  if (!sales) throw new Error('The module catalogue has no sales entry');
  return (
    <ModuleFrame
      module={sales}
      basePath={basePath}
      renderSubmodule={renderSubmodule}
      intro={<WorkspaceLine person={displayName(user)} institution={currentInstitution?.name} />}
    />
  );
}
