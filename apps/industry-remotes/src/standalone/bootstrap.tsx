import { MODULE_CATALOGUE } from '@tessera/data-access/contracts';
import { StandaloneRemoteApp } from '@tessera/auth';
import { registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import IndustryModule from '../modules/industry-module';

registerReactInstance(React);

const modules = Object.fromEntries(
  MODULE_CATALOGUE.filter((entry) => entry.remote === 'industry').map((entry) => [entry.id, IndustryModule]),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(<StandaloneRemoteApp title="Tessera Industry Solutions" modules={modules} />);
