import { expect, test } from './fixtures';
import { createPhysician, createRoom } from './records-catalogue';
import { openDashboard } from './shell-session';

// Domain rules and references of the records engine (docs/product/industry-records.md): the
// server refuses a double booking and the form says why; a record's page lists the records that
// point at it, linked both ways. Rooms and names carry a run stamp so reruns never collide.

test('a double booking of a room is refused with its message; rate, nights and total are computed', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const room = `R${stamp}`;
  await openDashboard(page);
  await createRoom(page, room, '120');
  await page.goto('/modules/hotel/reservations?view=table');

  await page.getByRole('button', { name: 'New Reservation' }).click();
  const first = page.getByRole('dialog', { name: 'New Reservation' });
  await first.getByRole('textbox', { name: 'Guest', exact: true }).fill(`First Guest ${stamp}`);
  await first.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await first.getByLabel('Check-in').fill('2033-03-10');
  await first.getByLabel('Check-out').fill('2033-03-13');
  await first.getByLabel('Status').selectOption({ label: 'Booked' });
  // Derived fields are read-only and preview what the server will compute; the rate is the room's.
  await expect(first.getByRole('textbox', { name: 'Nights' })).toHaveValue('3');
  await expect(first.getByRole('textbox', { name: 'Nights' })).toHaveAttribute('readonly', '');
  await expect(first.getByRole('textbox', { name: 'Nightly rate' })).toHaveValue(/120\.00/);
  await expect(first.getByRole('textbox', { name: 'Total' })).toHaveValue(/360\.00/);
  await expect(first.getByText('Computed: Nightly rate of the room')).toBeVisible();
  await expect(first.getByText('Computed: Nights × Nightly rate')).toBeVisible();
  await first.getByRole('button', { name: 'Create Reservation' }).click();
  await expect(first).toBeHidden();

  await page.getByRole('button', { name: 'New Reservation' }).click();
  const second = page.getByRole('dialog', { name: 'New Reservation' });
  await second.getByRole('textbox', { name: 'Guest', exact: true }).fill(`Second Guest ${stamp}`);
  await second.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await second.getByLabel('Check-in').fill('2033-03-12');
  await second.getByLabel('Check-out').fill('2033-03-14');
  await second.getByLabel('Status').selectOption({ label: 'Booked' });
  await second.getByRole('button', { name: 'Create Reservation' }).click();
  await expect(
    second.getByText(
      `Room ${room} already has a reservation 2033-03-10 to 2033-03-13 (First Guest ${stamp})`,
    ),
  ).toBeVisible();
  await expect(second.getByRole('combobox', { name: 'Room', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // Arriving on the day the first guest leaves is fine.
  await second.getByLabel('Check-in').fill('2033-03-13');
  await second.getByLabel('Check-out').fill('2033-03-15');
  await second.getByRole('button', { name: 'Create Reservation' }).click();
  await expect(second).toBeHidden();
});

test("a patient's page lists a new appointment, linked both ways", async ({ page }) => {
  const stamp = String(Date.now()).slice(-6);
  const patient = `Linked Patient ${stamp}`;
  const reason = `Knee pain ${stamp}`;
  const physician = `Dr. Stamp ${stamp}`;
  await openDashboard(page);
  await createPhysician(page, physician);

  await page.goto('/modules/healthcare/patients');
  await page.getByRole('button', { name: 'New Patient' }).click();
  const patientForm = page.getByRole('dialog', { name: 'New Patient' });
  await patientForm.getByLabel('Full name').fill(patient);
  await patientForm.getByLabel('Date of birth').fill('1981-04-12');
  // Inactive: records-patients.spec.ts counts the active patients while this may run beside it.
  await patientForm.getByLabel('Status').selectOption({ label: 'Inactive' });
  await patientForm.getByRole('button', { name: 'Create Patient' }).click();
  await expect(patientForm).toBeHidden();

  await page.goto('/modules/healthcare/appointments?view=table');
  await page.getByRole('button', { name: 'New Appointment' }).click();
  const form = page.getByRole('dialog', { name: 'New Appointment' });
  await form.getByLabel('Reason for visit').fill(reason);
  await form.getByLabel('Patient').selectOption({ label: patient });
  await form.getByLabel('Physician').selectOption({ label: physician });
  await form.getByLabel('Start').fill('2033-05-02T09:00');
  await form.getByLabel('End').fill('2033-05-02T09:30');
  await form.getByLabel('Type').selectOption({ label: 'Consultation' });
  await form.getByLabel('Status').selectOption({ label: 'Scheduled' });
  await form.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(form).toBeHidden();

  await page.goto('/modules/healthcare/patients');
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(patient);
  await page.getByRole('link', { name: patient }).click();
  await expect(page.getByRole('heading', { name: patient })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related records' });
  await expect(related.getByRole('heading', { name: 'Appointments (1)' })).toBeVisible();
  await related.getByRole('link', { name: reason }).click();

  await expect(page.getByRole('heading', { name: reason })).toBeVisible();
  await page.getByRole('link', { name: patient }).click();
  await expect(page.getByRole('heading', { name: patient })).toBeVisible();
});
