import type { ReactNode } from 'react';
import styled from 'styled-components';

const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: ${({ theme }) => theme.space(3)} 0;
  legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.space(2)}; }
  div { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: ${({ theme }) => theme.space(1)}; }
  label { display: flex; gap: ${({ theme }) => theme.space(1)}; align-items: center; }
`;

/** A labelled group of checkboxes (scopes of a key, events of a webhook). */
export function CheckboxChoices({
  legend,
  options,
  chosen,
  onChange,
  labelOf = (option) => option,
}: {
  legend: string;
  options: readonly string[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  labelOf?: (option: string) => ReactNode;
}) {
  return (
    <Choices>
      <legend>{legend}</legend>
      <div>
        {options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, option] : chosen.filter((entry) => entry !== option),
                )
              }
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </Choices>
  );
}
