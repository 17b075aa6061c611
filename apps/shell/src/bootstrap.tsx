import { logError } from '@tessera/data-access/client';
import { registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

registerReactInstance(React);

// docs/product/errors.md: what no screen caught is reported like what they log.
window.addEventListener('error', (event) => logError('Uncaught error', event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) =>
  logError('Unhandled promise rejection', event.reason),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(<App />);
