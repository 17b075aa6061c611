import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const buttonLook = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  padding: ${({ $size }) => ($size === 'sm' ? '4px 10px' : '8px 14px')};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.font.size.sm : theme.font.size.md)};
  ${({ theme, $variant }) => {
    switch ($variant) {
      case 'primary':
        return css`background: ${theme.colors.primary}; color: ${theme.colors.primaryText};`;
      case 'destructive':
        return css`background: ${theme.colors.destructive}; color: ${theme.colors.destructiveText};`;
      case 'secondary':
        return css`background: ${theme.colors.surface}; color: ${theme.colors.text}; border-color: ${theme.colors.border};`;
      case 'ghost':
        return css`background: transparent; color: ${theme.colors.text};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceMuted}; }`;
    }
  }}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  ${focusRing}
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonLook}
`;

const StyledLink = styled(Link)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonLook}
  text-decoration: none;
`;

/** A link among text or in a list: the primary colour, underlined on hover, with the focus ring. */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover { text-decoration: underline; }
  ${focusRing}
`;

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button: it goes somewhere (a new page), so it is a link to assistive tech and can open in a new tab. */
export function ButtonLink({ variant = 'primary', size = 'md', ...props }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} {...props} />;
}

export function Button({ variant = 'primary', size = 'md', type = 'button', ...props }: ButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} {...props} />;
}
