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
