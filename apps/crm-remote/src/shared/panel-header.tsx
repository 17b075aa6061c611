import styled from 'styled-components';

/**
 * A panel's heading and description on one side, its actions on the other — the head of the CRM's
 * workflow, scoring and rules panels.
 */
export const PanelHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** A summary line and the filters above a panel's content; wraps on a narrow screen, fields aligned at the bottom. */
export const PanelToolbar = styled(PanelHeader)`
  flex-wrap: wrap;
  align-items: flex-end;
`;
