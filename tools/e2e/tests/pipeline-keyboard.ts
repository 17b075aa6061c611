import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * dnd-kit's KeyboardSensor on the focused move handle of a deal in Qualification: Space picks it up,
 * → takes it over Proposal, Space drops it. Each step is announced to screen readers, and the drop
 * is saved.
 */
export async function moveFocusedDealToProposal(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('status').filter({ hasText: `Picked up deal ${name} in Qualification.` }),
  ).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: `Deal ${name} is over Proposal.` })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Deal stage updated successfully')).toBeVisible();
}
