import { expect, type Page } from '@playwright/test';

// Catalogue records other records point at (docs/product/industry-records.md#references-and-related-records):
// a journey makes its own, with a run stamp, so reruns never clash with an earlier run's bookings.

/** A hotel room, made on the Rooms screen; reservations then pick it by its number. */
export async function createRoom(page: Page, roomNumber: string, nightlyRate: string): Promise<void> {
  await page.goto('/modules/hotel/rooms');
  await page.getByRole('button', { name: 'New Room' }).click();
  const form = page.getByRole('dialog', { name: 'New Room' });
  await form.getByLabel('Room number').fill(roomNumber);
  await form.getByLabel('Room type').selectOption({ label: 'Double' });
  await form.getByLabel('Nightly rate').fill(nightlyRate);
  await form.getByLabel('Status').selectOption({ label: 'Available' });
  await form.getByRole('button', { name: 'Create Room' }).click();
  await expect(form).toBeHidden();
}

/** A physician, made on the Physicians screen; appointments then pick them by name. */
export async function createPhysician(page: Page, fullName: string): Promise<void> {
  await page.goto('/modules/healthcare/physicians');
  await page.getByRole('button', { name: 'New Physician' }).click();
  const form = page.getByRole('dialog', { name: 'New Physician' });
  await form.getByLabel('Full name').fill(fullName);
  await form.getByLabel('Specialty').selectOption({ label: 'General practice' });
  await form.getByLabel('Status').selectOption({ label: 'Active' });
  await form.getByRole('button', { name: 'Create Physician' }).click();
  await expect(form).toBeHidden();
}
