import styled from 'styled-components';

/**
 * A dialog's or form's two columns, one on a narrow screen; controls fill their cell. A child that
 * spans both columns is a `FormGridWide`.
 */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
  @media (max-width: 560px) { grid-template-columns: 1fr; }
  input, select, textarea { width: 100%; box-sizing: border-box; min-width: 0; }
`;

export const FormGridWide = styled.div`
  grid-column: 1 / -1;
`;

/** The buttons that end a dialog or a form: right-aligned, the primary one last. */
export const Actions = styled.div<{ $spaced?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme, $spaced }) => ($spaced ? theme.space(2) : '0')};
`;

/**
 * A list of cards (rules, workflows, modules) laid out in as many columns as fit, each at least
 * `$min` wide. Render `<li>` children: it is a `<ul>`, so screen readers announce the count.
 */
export const CardGrid = styled.ul<{ $min?: string; $gap?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme, $gap = 3 }) => theme.space($gap)};
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = '300px' }) => $min}, 1fr));
`;

/**
 * Panels side by side in as many columns as fit, each at least `$min` wide, stretched to share the
 * row: two on a wide screen, one on a narrow one.
 */
export const AutoColumns = styled.div<{ $min?: string; $gap?: number }>`
  display: grid;
  gap: ${({ theme, $gap = 4 }) => theme.space($gap)};
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = '300px' }) => $min}, 1fr));
`;

/** Cards of a settings or administration page, one under the other. */
export const Stack = styled.div<{ $maxWidth?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: ${({ $maxWidth = 'none' }) => $maxWidth};
`;

/** Cards one under the other (steps, insights, leads); a `<ul>`, or an `<ol>` with `as="ol"`. */
export const CardList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;
