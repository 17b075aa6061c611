import { fireEvent, render, screen } from '@testing-library/react';
import { SaveActions } from './save-actions';
import { ThemeModeProvider } from './theme-mode';

function renderIn(ui: React.ReactNode) {
  return render(<ThemeModeProvider initialMode="light">{ui}</ThemeModeProvider>);
}

describe('SaveActions', () => {
  it('submits its form and cancels', () => {
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    const onCancel = jest.fn();
    renderIn(
      <form onSubmit={onSubmit}>
        <SaveActions saving={false} saveLabel="Create Deal" onCancel={onCancel} />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Deal' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says Saving… and cannot be pressed while saving, and announces the save error', () => {
    renderIn(
      <SaveActions saving error="Failed to create deal" saveLabel="Create Deal" onCancel={() => {}} />,
    );
    const submit = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Failed to create deal');
  });
});
