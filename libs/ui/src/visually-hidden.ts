import styled from 'styled-components';

/**
 * Text read by assistive technology but not drawn: words a control needs in its accessible name
 * beside its visible text (the name must contain what is seen, so prefer this to an aria-label).
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
