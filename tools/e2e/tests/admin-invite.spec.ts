import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, inviteByApi } from './invitation-links';
import { closeOpenedContexts, DANA, GLOBEX_OWNER, openContext, pageOf } from './shell-session';

test.afterEach(closeOpenedContexts);

/** Opens the newest message to `recipient` on the Outbox page and answers its page. */
async function openOutboxMessage(owner: Page, recipient: string): Promise<void> {
  await owner.goto('/administration');
  await owner.getByRole('link', { name: 'Open the Outbox' }).click();
  await expect(owner).toHaveURL(/\/administration\/outbox$/);
  await expect(owner.getByRole('note')).toContainText('No mail server is configured.');
  const row = owner.getByRole('row', { name: new RegExp(recipient.replace(/[.]/g, '\\.')) }).first();
  // The delivery job keeps it here (no SMTP server); the page looks again while it is queued.
  await expect(row).toContainText('Kept here (no mail server)');
  await row.getByRole('link').click();
  await expect(owner).toHaveURL(/\/administration\/outbox\/[0-9a-f-]{36}$/);
}

test('an owner invites by e-mail; the invitee follows the link from the Outbox page, signs up and lands in the institution with that role', async ({
  browser,
}) => {
  // Four browsers, an e-mail through the outbox and a password hashed on sign-up: long on a busy 2-core runner.
  test.slow();
  const email = `casey.${Date.now()}@example.test`;
  const ownerContext = await openContext(browser, { as: DANA });
  const owner = await ownerContext.newPage();
  await owner.goto('/administration');
  const invite = owner.getByRole('region', { name: 'Invite members' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('viewer');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await expect(invite.getByRole('list', { name: 'Pending invitations' })).toContainText(email);

  await openOutboxMessage(owner, email);
  const message = owner.getByRole('region', { name: 'Message' });
  await expect(
    message.getByRole('heading', { name: 'Dana Reyes invited you to Acme Corporation on Tessera' }),
  ).toBeVisible();
  // A sign-in link: its text is never shown, but its inviter may hand the link over.
  await expect(message).toContainText('This message carries a sign-in link, so its text is never shown here');
  await expect(message.locator('iframe')).toHaveCount(0);
  const link = message.getByRole('region', { name: 'Invitation link' }).getByRole('link');
  await expect(link).toHaveText(/\/invitations\/accept#token=[A-Za-z0-9_-]{43}$/);

  // Followed in the owner's own browser, the link says whom it is for instead of accepting it.
  const [ownTab] = await Promise.all([ownerContext.waitForEvent('page'), link.click()]);
  await expect(ownTab.getByRole('heading', { name: 'Join Acme Corporation' })).toBeVisible();
  await expect(ownTab.getByRole('alert')).toContainText(`This invitation is for ${email}`);
  await ownTab.close();

  // The invitee's browser: the link opens the invitation and a sign-up for that very address.
  const href = await link.getAttribute('href');
  if (!href) throw new Error('the message link has no address');
  const invited = await (await openContext(browser)).newPage();
  await invited.goto(href);
  await expect(invited.getByRole('heading', { name: 'Join Acme Corporation' })).toBeVisible();
  await expect(
    invited.getByText(`Dana Reyes invited ${email} to join Acme Corporation as Viewer.`),
  ).toBeVisible();
  const form = invited.getByRole('form', { name: 'Create your account' });
  await expect(form.getByLabel('Work e-mail')).toHaveValue(email);
  await form.getByLabel('First name').fill('Casey');
  await form.getByLabel('Last name').fill('Lee');
  await form.getByLabel('Password', { exact: true }).fill('casey-password');
  await form.getByLabel('Confirm password').fill('casey-pasword');
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await expect(form.getByRole('alert')).toHaveText('The two passwords differ.');
  await form.getByLabel('Confirm password').fill('casey-password');
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await expect(invited).toHaveURL(/\/dashboard$/);
  await expect(invited.getByText('Working in Acme Corporation')).toBeVisible();
  await expect(invited.getByText('Viewer', { exact: true })).toBeVisible();

  // The link worked once.
  const again = await (await openContext(browser)).newPage();
  await again.goto(href);
  await expect(again.getByRole('alert')).toHaveText(
    'This invitation has already been accepted. Sign in to continue.',
  );

  await owner.goto('/administration');
  const members = owner.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Casey Lee/ })).toContainText(email);
  await expect(owner.getByRole('region', { name: 'Audit log' })).toContainText('Accepted invitation');
});

test('there is no sign-up without an invitation link, and a resent invitation replaces its link', async ({
  browser,
}) => {
  // Four browsers, an e-mail through the outbox and a password hashed on sign-up: long on a busy 2-core runner.
  test.slow();
  const stranger = await (await openContext(browser)).newPage();
  await stranger.goto('/signin');
  await stranger.getByRole('link', { name: 'How to join' }).click();
  await expect(stranger.getByRole('heading', { name: 'Join your team on Tessera' })).toBeVisible();
  await expect(stranger.getByText('Accounts are created by invitation.')).toBeVisible();
  await expect(stranger.getByRole('textbox')).toHaveCount(0);

  const email = `robin.${Date.now()}@example.test`;
  const owner = await pageOf(browser, DANA);
  await owner.goto('/administration');
  const invite = owner.getByRole('region', { name: 'Invite members' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('list', { name: 'Pending invitations' })).toContainText(email);
  await openOutboxMessage(owner, email);
  const firstLink = await owner
    .getByRole('region', { name: 'Invitation link' })
    .getByRole('link')
    .getAttribute('href');

  await owner.goto('/administration');
  await invite.getByRole('button', { name: `Resend the invitation of ${email}` }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Invitation sent again' })).toContainText(
    'The previous link no longer works.',
  );
  await stranger.goto(firstLink ?? '/');
  await expect(stranger.getByRole('alert')).toContainText('This invitation link is not valid.');

  await openOutboxMessage(owner, email);
  const secondLink = await owner
    .getByRole('region', { name: 'Invitation link' })
    .getByRole('link')
    .getAttribute('href');
  expect(secondLink).not.toBe(firstLink);
  await stranger.goto(secondLink ?? '/');
  await expect(stranger.getByRole('form', { name: 'Create your account' })).toBeVisible();
});

test('someone with an account follows an invitation link, signs in to accept and lands in the new institution', async ({
  browser,
}) => {
  const email = `jules.${Date.now()}@example.test`;
  const acmeOwner = await pageOf(browser, DANA);
  await createAccount(acmeOwner, email, 'jules-password');
  const globexOwner = await pageOf(browser, GLOBEX_OWNER);
  const link = await inviteByApi(globexOwner, 'Globex Retail', email, 'admin');

  const person = await (await openContext(browser)).newPage();
  await person.goto(link);
  await expect(person.getByRole('heading', { name: 'Join Globex Retail' })).toBeVisible();
  await expect(person.getByText(`You already have a Tessera account with ${email}.`)).toBeVisible();
  await person.getByRole('button', { name: 'Sign in to accept' }).click();
  await expect(person).toHaveURL(/\/signin$/);
  await person.getByLabel('Email').fill(email);
  await person.getByLabel('Password').fill('jules-password');
  await person.getByRole('button', { name: 'Sign in' }).click();
  // Signing in alone accepts nothing: the person comes back to the invitation and accepts it.
  await expect(person).toHaveURL(/\/invitations\/accept#token=/);
  await person.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(person).toHaveURL(/\/dashboard$/);
  await expect(person.getByText('Working in Globex Retail')).toBeVisible();
  await expect(person.getByText('Administrator', { exact: true })).toBeVisible();
});
