import { StandaloneRemoteApp } from '@tessera/auth';
import { registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import CrmModule from '../modules/crm';
import SalesModule from '../modules/sales';

registerReactInstance(React);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(
  <StandaloneRemoteApp title="Tessera CRM" modules={{ crm: CrmModule, sales: SalesModule }} />,
);
