import type * as ReactNamespace from 'react';

declare global {
  interface Window {
    /** One entry per React copy evaluated in the page; federation shares React, so one. */
    __tesseraReactInstances?: Set<unknown>;
  }
}

/**
 * Called by the shell and by every remote entry with the React each of them imported. If
 * sharing ever broke, a remote would bring its own React and the set would grow past one
 * (the end-to-end test checks it), long before hooks fail with "invalid hook call".
 */
export function registerReactInstance(react: typeof ReactNamespace): void {
  if (typeof window === 'undefined') return;
  window.__tesseraReactInstances ??= new Set<unknown>();
  // The namespace object (`import * as React`) is re-created by each bundle's interop even when
  // the module is shared; a function of React itself has the identity of the real copy.
  window.__tesseraReactInstances.add(react.createElement);
}
