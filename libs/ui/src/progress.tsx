import styled from 'styled-components';

/** docs/product/shell.md#form-controls: progress defaults to a max of 100. */
export const DEFAULT_PROGRESS_MAX = 100;

/** docs/product/shell.md#form-controls: a progress value must be between 0 and max; anything else is clamped there. */
export function clampProgress(value: number | null | undefined, max: number = DEFAULT_PROGRESS_MAX): number {
  const safeMax = Number.isFinite(max) && max > 0 ? max : DEFAULT_PROGRESS_MAX;
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(Math.max(value, 0), safeMax);
}

const Track = styled.div`
  height: 8px;
  width: 100%;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Indicator = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 200ms ease;
`;

export interface ProgressProps {
  value: number | null | undefined;
  max?: number;
  /** The accessible name, e.g. "Lead score". */
  label: string;
}

export function Progress({ value, max = DEFAULT_PROGRESS_MAX, label }: ProgressProps) {
  const safeMax = max > 0 ? max : DEFAULT_PROGRESS_MAX;
  const current = clampProgress(value, safeMax);
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={current}
    >
      <Indicator style={{ width: `${(current / safeMax) * 100}%` }} />
    </Track>
  );
}
