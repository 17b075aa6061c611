import type { Page } from '@playwright/test';

/** Institution id by name, from the caller's own list (the API answers it to the signed-in page). */
export async function institutionIdOf(page: Page, name: string): Promise<string> {
  const response = await page.request.get('/api/institutions');
  const rows = (await response.json()) as Array<{ id: string; name: string }>;
  const row = rows.find((institution) => institution.name === name);
  if (!row) throw new Error(`${name} is not in the caller's institutions`);
  return row.id;
}

export async function chooseInstitution(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Institution' }).selectOption({ label: name });
}
