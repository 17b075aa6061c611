import { institutionIdOf } from './admin-session';
import { expect, test } from './fixtures';
import { GLOBEX_OWNER, SAME_ORIGIN } from './shell-session';

/** An 8×8 blue PNG. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQizqBFTEMLQkAGBlQATpZBa0AAAAASUVORK5CYII=',
  'base64',
);

test.use({ as: GLOBEX_OWNER });

test('an owner uploads the institution’s logo, sees it, is told why a text file is refused, and removes it', async ({
  page,
}) => {
  // A run stopped halfway may have left a logo: start without one.
  const globex = await institutionIdOf(page, 'Globex Retail');
  const reset = await page.request.delete(`/api/institutions/${globex}/logo`, {
    headers: { ...SAME_ORIGIN, 'X-Institution-Id': globex },
  });
  expect([204, 404]).toContain(reset.status());

  await page.goto('/administration');
  const card = page.getByRole('region', { name: 'Logo', exact: true });
  await expect(card.getByText('No logo yet')).toBeVisible();
  const file = card.getByLabel('Logo file');

  // The screen checks the type first; a file named .png holding text is refused by the server.
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await card.getByRole('button', { name: 'Upload logo' }).click();
  await expect(card.getByRole('alert')).toHaveText('The logo must be a PNG or JPEG image');
  await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await card.getByRole('button', { name: 'Upload logo' }).click();
  await expect(card.getByRole('alert')).toHaveText('The logo must be a PNG or JPEG image');

  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await card.getByRole('button', { name: 'Upload logo' }).click();
  const shown = card.getByRole('img', { name: 'Logo of Globex Retail' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expect(card.getByRole('alert')).toHaveCount(0);

  await card.getByRole('button', { name: 'Remove logo' }).click();
  await expect(card.getByText('No logo yet')).toBeVisible();
  const gone = await page.request.get(`/api/institutions/${globex}/logo`, {
    headers: { 'X-Institution-Id': globex },
  });
  expect(gone.status()).toBe(404);
});
