import styled, { css } from 'styled-components';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'destructive' | 'premium';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  white-space: nowrap;
  border: 1px solid currentColor;
  ${({ theme, $tone = 'neutral' }) => {
    const color = {
      neutral: theme.colors.textMuted,
      primary: theme.colors.primary,
      success: theme.colors.success,
      warning: theme.colors.warning,
      destructive: theme.colors.destructive,
      premium: theme.colors.premium,
    }[$tone];
    return css`color: ${color};`;
  }}
`;
