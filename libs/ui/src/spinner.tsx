import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  padding: ${({ theme }) => theme.space(8)};
`;

export interface SpinnerProps {
  label?: string;
  size?: number;
  /** Center it in a padded block (page and section loading). */
  block?: boolean;
}

export function Spinner({ label = 'Loading', size = 20, block = false }: SpinnerProps) {
  const ring = <Ring $size={size} role="status" aria-label={label} />;
  return block ? <Centered>{ring}</Centered> : ring;
}
