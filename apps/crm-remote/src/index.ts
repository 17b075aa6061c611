// Async boundary: the shared singletons are negotiated before anything imports React.
import('./standalone/bootstrap');
