import { useState } from 'react';
import styled from 'styled-components';

const Circle = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primaryMuted};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

export interface AvatarProps {
  /** Who it shows: the accessible name. */
  name: string;
  initials: string;
  src?: string | null;
  size?: number;
}

/** A picture when there is one that loads, the initials otherwise. */
export function Avatar({ name, initials, src, size = 36 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    <Circle $size={size} role="img" aria-label={name}>
      {src && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initials}</span>
      )}
    </Circle>
  );
}
