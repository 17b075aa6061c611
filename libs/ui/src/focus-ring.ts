import { css } from 'styled-components';

/** One visible focus ring for every interactive primitive (keyboard users must see where they are). */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
