import { fireEvent, render, screen } from '@testing-library/react';
import { PasswordField, TextField } from './field';
import { ThemeModeProvider } from './theme-mode';

describe('TextField', () => {
  it('is labelled and reports the typed text to onChange and onValueChange', () => {
    const onChange = jest.fn();
    const onValueChange = jest.fn();
    render(
      <ThemeModeProvider initialMode="light">
        <TextField label="Email" value="" onChange={onChange} onValueChange={onValueChange} />
      </ThemeModeProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onValueChange).toHaveBeenCalledWith('a@b.c');
  });
  it('shows its error under the input, announced and describing it', () => {
    const { rerender } = render(
      <ThemeModeProvider initialMode="light">
        <TextField
          label="Phone"
          value="call me"
          error="Enter a valid phone number"
          onValueChange={() => {}}
        />
      </ThemeModeProvider>,
    );
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid phone number');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    rerender(
      <ThemeModeProvider initialMode="light">
        <TextField label="Phone" value="+1 555 0100" onValueChange={() => {}} />
      </ThemeModeProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Phone').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Phone').hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('PasswordField', () => {
  it('is a required password input', () => {
    render(
      <ThemeModeProvider initialMode="light">
        <PasswordField label="Password" autoComplete="current-password" value="" onValueChange={() => {}} />
      </ThemeModeProvider>,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.required).toBe(true);
    expect(input.getAttribute('autocomplete')).toBe('current-password');
  });
});
