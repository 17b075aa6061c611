// Async boundary: Module Federation must negotiate the shared singletons (React, the router,
// the Tessera libs) before any of them is evaluated, so everything starts in a lazy chunk.
import('./bootstrap');
