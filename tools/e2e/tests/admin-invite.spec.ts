import { expect, test } from '@playwright/test';
import { DANA, signIn } from './shell-session';

test('an owner invites by e-mail; the invited person signs up and lands in the institution with that role', async ({
  browser,
}) => {
  const email = `casey.${Date.now()}@acme.test`;
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, DANA);
  await owner.goto('/administration');
  const invite = owner.getByRole('region', { name: 'Invite members' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('viewer');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('list', { name: 'Pending invitations' })).toContainText(email);

  // Sign-up is refused to e-mails nobody invited.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto('/signin');
  await stranger.getByRole('link', { name: 'Create your account' }).click();
  await stranger.getByLabel('Work e-mail').fill(`nobody.${Date.now()}@example.test`);
  await stranger.getByLabel('First name').fill('No');
  await stranger.getByLabel('Last name').fill('Body');
  await stranger.getByLabel('Password').fill('nobody-password');
  await stranger.getByRole('button', { name: 'Create account' }).click();
  await expect(stranger.getByRole('alert')).toContainText('Sign-up is by invitation only');

  const invited = await (await browser.newContext()).newPage();
  await invited.goto('/signup');
  await invited.getByLabel('Work e-mail').fill(email);
  await invited.getByLabel('First name').fill('Casey');
  await invited.getByLabel('Last name').fill('Lee');
  await invited.getByLabel('Password').fill('casey-password');
  await invited.getByRole('button', { name: 'Create account' }).click();
  await expect(invited).toHaveURL(/\/dashboard$/);
  await expect(invited.getByText('Working in Acme Corporation')).toBeVisible();
  await expect(invited.getByText('Viewer', { exact: true })).toBeVisible();

  await owner.reload();
  const members = owner.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Casey Lee/ })).toContainText(email);
  await expect(owner.getByRole('region', { name: 'Audit log' })).toContainText('Accepted invitation');
});
