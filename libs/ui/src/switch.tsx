import styled from 'styled-components';
import { focusRing } from './focus-ring';

const Track = styled.button<{ $on: boolean }>`
  position: relative;
  width: 38px;
  height: 22px;
  flex: none;
  border-radius: ${({ theme }) => theme.radii.full};
  border: none;
  padding: 0;
  cursor: pointer;
  background: ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.border)};
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: ${({ $on }) => ($on ? '19px' : '3px')};
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    transition: left 150ms ease;
  }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  ${focusRing}
`;

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name. */
  label: string;
  disabled?: boolean;
  id?: string;
}

export function Switch({ checked, onCheckedChange, label, disabled, id }: SwitchProps) {
  return (
    <Track
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      $on={checked}
      onClick={() => onCheckedChange(!checked)}
    />
  );
}
