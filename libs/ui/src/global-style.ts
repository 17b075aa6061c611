import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.body};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    color-scheme: ${({ theme }) => theme.mode};
  }
  a { color: ${({ theme }) => theme.colors.primary}; }
  h1, h2, h3, h4 { margin: 0; line-height: 1.25; }
  button, input, select, textarea { font: inherit; color: inherit; }
  /* Every focusable thing a component did not style itself (links, focusable regions) still shows
     the keyboard focus in the design system's colour. */
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
