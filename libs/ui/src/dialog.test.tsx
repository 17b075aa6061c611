import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { Dialog } from './dialog';
import { lightTheme } from './theme';

function Form() {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  return (
    // An inline onOpenChange: a new function on every render, as callers write it.
    <Dialog open title="New deal" onOpenChange={() => setName('')}>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('focuses its first field once, not again on every re-render', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <Form />
      </ThemeProvider>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    const note = screen.getByLabelText('Note');
    act(() => note.focus());
    fireEvent.change(note, { target: { value: 'typed' } });
    expect(document.activeElement).toBe(note);
  });
});
