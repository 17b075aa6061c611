import styled from 'styled-components';

/**
 * The row of columns of a drag-and-drop board, scrolling sideways. Positioned, so absolutely
 * placed descendants (screen-reader-only text) stay inside the scrolling board instead of
 * widening the page.
 */
export const BoardScroll = styled.div`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space(2)};
`;
