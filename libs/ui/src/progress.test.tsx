import { render, screen } from '@testing-library/react';
import { ThemeModeProvider } from './theme-mode';
import { clampProgress, Progress } from './progress';

describe('clampProgress', () => {
  it('keeps values between 0 and max (default 100)', () => {
    expect(clampProgress(50)).toBe(50);
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(150)).toBe(100);
    expect(clampProgress(15, 10)).toBe(10);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(undefined)).toBe(0);
  });

  it('renders an accessible progress bar', () => {
    render(
      <ThemeModeProvider initialMode="light">
        <Progress value={120} label="Lead score" />
      </ThemeModeProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Lead score' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
  });
});
