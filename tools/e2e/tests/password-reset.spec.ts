import { expect, test } from './fixtures';
import { createAccount, mailedLink } from './invitation-links';
import { closeOpenedContexts, DANA, openContext, pageOf, SUPER_ADMIN } from './shell-session';

test.afterEach(closeOpenedContexts);

test('Forgot password? sends a link; the link sets a new password once and the old one stops working', async ({
  browser,
}) => {
  const email = `parker.${Date.now()}@example.test`;
  const setup = await pageOf(browser, DANA);
  await createAccount(setup, email, 'first-password');

  const person = await (await openContext(browser)).newPage();
  await person.goto('/signin');
  await person.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(person.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await person.getByLabel('Email').fill(email);
  await person.getByRole('button', { name: 'Send reset link' }).click();
  await expect(person.getByRole('status')).toHaveText(
    'If an account exists for this e-mail, we have sent a link to reset your password. The link works once, within 1 hour.',
  );

  // The person's mailbox: the e2e server has no mail server, so the message's text is read where it was
  // written. The message is written by a job after the answer (the answer's timing must not tell whether
  // the account exists), so the outbox is looked at once the mail is there.
  const href = await mailedLink(email, 'password_reset');
  expect(href).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);

  // A super admin sees that the link was sent, never the link: no reader of the outbox gets it.
  const admin = await pageOf(browser, SUPER_ADMIN);
  await admin.goto('/platform');
  const outbox = admin.getByRole('region', { name: 'Platform outbox' });
  const row = outbox.getByRole('row', {
    name: new RegExp(`${email.replace(/[.]/g, '\\.')} Reset your Tessera password`),
  });
  await expect(row).toContainText('Password reset');
  await expect(row).toContainText('Kept here (no mail server)');
  await row.getByRole('link', { name: 'Reset your Tessera password' }).click();
  const message = admin.getByRole('region', { name: 'Message' });
  await expect(message).toContainText('This message carries a sign-in link, so its text is never shown here');
  await expect(message.getByRole('link')).toHaveCount(0);

  await person.goto(href ?? '/');
  await expect(person.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await person.getByLabel('New password', { exact: true }).fill('second-password');
  await person.getByLabel('Confirm new password').fill('second-password');
  await person.getByRole('button', { name: 'Set new password' }).click();
  await expect(person.getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with your new password.',
  );
  await person.getByRole('link', { name: 'Sign in' }).click();
  await person.getByLabel('Email').fill(email);
  await person.getByLabel('Password').fill('first-password');
  await person.getByRole('button', { name: 'Sign in' }).click();
  await expect(person.getByRole('alert')).toHaveText('Invalid email or password');
  await person.getByLabel('Password').fill('second-password');
  await person.getByRole('button', { name: 'Sign in' }).click();
  await expect(person).toHaveURL(/\/dashboard$/);

  // The same link a second time.
  const again = await (await openContext(browser)).newPage();
  await again.goto(href ?? '/');
  await again.getByLabel('New password', { exact: true }).fill('third-password');
  await again.getByLabel('Confirm new password').fill('third-password');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'This password reset link has already been used. Ask for a new one if you still need it.',
  );
});
