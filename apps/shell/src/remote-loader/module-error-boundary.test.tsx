import { ThemeModeProvider } from '@tessera/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { ModuleErrorBoundary } from './module-error-boundary';
import { ModuleUnavailable } from './module-unavailable';

function Exploding(): never {
  throw new Error('render failed inside the remote');
}

describe('ModuleErrorBoundary', () => {
  it('shows Module unavailable with Retry when a module throws while rendering', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = jest.fn();
    render(
      <ThemeModeProvider initialMode="light">
        <p>sidebar stays</p>
        <ModuleErrorBoundary
          moduleId="crm"
          fallback={<ModuleUnavailable moduleName="CRM" onRetry={onRetry} />}
        >
          <Exploding />
        </ModuleErrorBoundary>
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Module unavailable' })).toBeTruthy();
    expect(screen.getByText('sidebar stays')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders the module when nothing fails', () => {
    render(
      <ModuleErrorBoundary moduleId="crm" fallback={<p>unavailable</p>}>
        <p>module content</p>
      </ModuleErrorBoundary>,
    );
    expect(screen.getByText('module content')).toBeTruthy();
  });
});
