import { expect, test } from './fixtures';
import { createAcmeLead } from './crm-leads-session';

test('BANT with 3 of 4 confirmed is 75% and Highly Qualified, still after a reload', async ({ page }) => {
  const stamp = Date.now();
  const leadId = await createAcmeLead(page, {
    first_name: 'Bant',
    last_name: `Tester ${stamp}`,
    company: 'Bantco',
  });
  await page.goto(`/modules/crm/leads/${leadId}/qualification`);
  const header = page.getByRole('region', { name: 'Lead' });
  await expect(header.getByText(`Bant Tester ${stamp}`)).toBeVisible();
  await expect(header.getByText('Bantco · Unknown Position')).toBeVisible();

  await page.getByRole('tab', { name: 'BANT Assessment' }).click();
  await expect(page.getByTestId('bant-score')).toHaveText('0%');
  for (const criterion of ['Budget', 'Authority', 'Need']) {
    await page.getByRole('button', { name: `${criterion}: Assess` }).click();
    await expect(page.getByRole('button', { name: `${criterion}: Confirmed` })).toBeVisible();
  }
  await expect(page.getByTestId('bant-score')).toHaveText('75%');
  await expect(page.getByText('Highly Qualified Lead')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'BANT Assessment' }).click();
  await expect(page.getByTestId('bant-score')).toHaveText('75%');
  await expect(page.getByText('Highly Qualified Lead')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Timing: Assess' })).toBeVisible();

  // Back to two of four: 50%, and the message goes.
  await page.getByRole('button', { name: 'Need: Confirmed' }).click();
  await expect(page.getByTestId('bant-score')).toHaveText('50%');
  await expect(page.getByText('Highly Qualified Lead')).toBeHidden();
});

test('workflow steps start, take notes, complete with a time, or skip, and are kept', async ({ page }) => {
  const stamp = Date.now();
  const leadId = await createAcmeLead(page, { first_name: 'Step', last_name: `Walker ${stamp}` });
  await page.goto(`/modules/crm/leads/${leadId}/qualification`);
  await expect(
    page.getByRole('region', { name: 'Lead' }).getByText('Unknown Company · Unknown Position'),
  ).toBeVisible();

  const initial = page.getByRole('region', { name: 'Initial Contact' });
  await initial.getByRole('button', { name: 'Start Initial Contact' }).click();
  await expect(initial.getByText('In Progress')).toBeVisible();
  const notes = initial.getByLabel('Notes for Initial Contact');
  await notes.fill('Reached by phone, keen on a demo');
  await initial.getByRole('button', { name: 'Complete Initial Contact' }).click();
  await expect(initial.getByText('Completed', { exact: true })).toBeVisible();
  await expect(initial.getByText(/^Completed \d/)).toBeVisible();
  await expect(initial.getByText('Notes: Reached by phone, keen on a demo')).toBeVisible();

  const discovery = page.getByRole('region', { name: 'Discovery Call' });
  await discovery.getByRole('button', { name: 'Skip Discovery Call' }).click();
  await expect(discovery.getByText('Skipped')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Initial Contact' }).getByText(/^Completed \d/),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Discovery Call' }).getByText('Skipped')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Discovery Call' }).getByRole('button')).toHaveCount(0);

  // Quick Actions: advance the lead to qualified.
  await page.getByRole('tab', { name: 'Quick Actions' }).click();
  await page.getByRole('button', { name: 'Advance to Qualified' }).click();
  await expect(page.getByText('Lead stage updated successfully')).toBeVisible();
  await expect(page.getByText('Current stage: Qualified')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(
    page.getByRole('region', { name: 'Recent activity' }).getByText(`Call Step Walker ${stamp}`),
  ).toBeVisible();
});
