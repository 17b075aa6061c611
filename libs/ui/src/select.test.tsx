import { fireEvent, render, screen } from '@testing-library/react';
import { assertSelectOptions, Select } from './select';
import { ThemeModeProvider } from './theme-mode';

describe('Select', () => {
  it('refuses an item with an empty value (docs/product/shell.md#form-controls)', () => {
    expect(() => assertSelectOptions([{ value: '', label: 'All' }])).toThrow('must have a non-empty value');
    expect(() => assertSelectOptions([{ value: 'all', label: 'All' }])).not.toThrow();
  });

  it('is labelled and reports changes', () => {
    const onValueChange = jest.fn();
    render(
      <ThemeModeProvider initialMode="light">
        <Select
          label="Stage"
          value="new"
          onValueChange={onValueChange}
          options={[
            { value: 'new', label: 'New' },
            { value: 'won', label: 'Won' },
          ]}
        />
      </ThemeModeProvider>,
    );
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'won' } });
    expect(onValueChange).toHaveBeenCalledWith('won');
  });
});
