import { TesseraProviders } from '@tessera/auth';
import { Toaster } from '@tessera/ui';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';

export function App() {
  return (
    <BrowserRouter>
      <TesseraProviders>
        <AppRoutes />
        <Toaster />
      </TesseraProviders>
    </BrowserRouter>
  );
}
