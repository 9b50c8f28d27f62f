import { describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { billingApi } from '../helpers/billing-api';
import { asClient, newPatient, type PatientsPage } from '../helpers/patients-api';
import { readInvitation, staffLogin, uniqueEmail } from '../helpers/staff-api';
import { bookingClock, toBookableQuarter } from '../helpers/booking-clock';
import { apiGet } from './helpers/offline';
import {
  addUserOnScreen,
  apiAnswers,
  changeDialog,
  changeInModal,
  choose,
  fillAddMedication,
  openNewConsultation,
  registerHospitalOnScreens,
  registerPatientOnScreen,
} from './helpers/screens';
import { signInAsStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 34's "done when": a fresh hospital's first week as one story, through the screens. The admin
 * registers the hospital on the onboarding screens, changes the password once and is not forced again
 * in another browser, and hires the staff on Users; each new staff member changes the temporary
 * password before any data; the pharmacist stocks and prices a drug in Add Medication; the admin
 * prices the FBC and reprices the drug on the Price list; the receptionist registers the patient on
 * Register Patient, books and checks in; the doctor prescribes from the formulary and orders
 * an FBC; the lab enters it from the template; the pharmacist dispenses; the accountant sees a fully
 * priced invoice, enrols a second patient with an HMO and sees the split and the claim; the
 * compliance officer reads the day's changes, the grouped reads, and verifies integrity in words.
 * Steps covered in detail elsewhere (prices, first-sign-in, appointments, laboratory, pharmacy,
 * audit tests) are driven briefly here.
 */
const clock = bookingClock();
const suite = browserSuite({ clock });
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const ADMIN_PASSWORD = 'Harmattan-Breeze-2026';
const DRUG = 'Artemether-Lumefantrine 80/480mg tablet';
const SURNAMES = {
  receptionist: 'Musa',
  doctor: 'Eze',
  lab_technician: 'Adebayo',
  pharmacist: 'Bello',
  accountant: 'Nnamdi',
  compliance_officer: 'Ibrahim',
} as const;
type Role = keyof typeof SURNAMES;
const ROLES = Object.keys(SURNAMES) as Role[];
/** The role as the Add New User dialog names it. */
const ROLE_OPTIONS: Record<Role, string> = {
  receptionist: 'Receptionist',
  doctor: 'Doctor',
  lab_technician: 'Lab Staff',
  pharmacist: 'Pharmacist',
  accountant: 'Billing Staff',
  compliance_officer: 'Compliance Officer',
};
type Person = { email: string; password: string; name: string; token: string };
const staff = {} as Record<Role, Person>;
// Numbers of this run, so the hospital registered here is new beside any other in the database.
const run = String(randomInt(100_000, 999_999));
const ADMIN = { name: 'Ngozi Okafor', email: uniqueEmail('admin'), password: 'Harmattan-Kola-2024' };

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  suite.server.testApp.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });

describe("A hospital's first week in Chromium (issue 34)", () => {
  it('from registration to the audit, every role on its own screens', { timeout: 900_000 }, async () => {
    const t = suite.server.testApp;
    const errors: Error[][] = [];
    const open = async (viewport?: { width: number; height: number }) => {
      const opened = await suite.open(viewport);
      errors.push(opened.pageErrors);
      return opened.page;
    };

    // ── The admin registers the hospital on the onboarding screens, with the code emailed.
    const first = await open();
    await registerHospitalOnScreens(first, suite.server.outboxDir, run, ADMIN);
    await first.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);

    // ── The change form comes first, once; another browser is not forced again.
    await changeDialog(first).waitFor();
    await changeInModal(first, ADMIN.password, ADMIN_PASSWORD);
    await first.getByText('Password changed successfully!').waitFor();
    const adminToken = (await first.evaluate(() => localStorage.getItem('hms.adminToken')))!;
    // Open round the clock, so the next quarter hour is bookable whenever the test runs.
    const hours = await inject(adminToken, 'PUT', '/api/hospital/settings', { opensAt: '00:00', closesAt: '24:00' });
    expect(hours.statusCode, hours.body).toBe(200);

    const admin = await open();
    await admin.goto('/admin/login');
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    const signedIn = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/login');
    await admin.getByRole('button', { name: 'Sign In' }).click();
    // The server knows the change was made: the account's first login is over, on every device.
    expect((await (await signedIn).json()).data.user.mustChangePassword).toBe(false);
    await admin.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
    // The form would open before anything else could: the checklist is there and it is not.
    const checklist = admin.getByRole('region', { name: 'First-hour checklist' });
    await checklist.getByText('12 lab tests', { exact: false }).waitFor();
    expect(await changeDialog(admin).count()).toBe(0);

    // ── Staff hired on Users; each signs in with the emailed temporary password and sees only the change form.
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await admin.waitForURL(`${suite.server.baseUrl}/admin/users`);
    for (const role of ROLES) {
      const email = uniqueEmail(role);
      await addUserOnScreen(admin, { name: `Ada ${SURNAMES[role]}`, email, role: ROLE_OPTIONS[role] });
      const temporary = (await readInvitation(t, email)).temporaryPassword;
      const newPassword = `Okra-Soup-${role.length}-Tuesday-42`;
      const page = await open();
      const answers = apiAnswers(page);
      await page.goto('/user/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(temporary);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await changeDialog(page).waitFor();
      // Nothing but the session's own calls while the password is temporary: no data, no 403.
      expect(answers.filter((a) => a.status === 403)).toEqual([]);
      expect(
        answers.map((a) => a.path).filter((p) => !p.startsWith('/api/auth/') && p !== '/api/hospital/settings'),
      ).toEqual([]);
      expect(await page.getByText(/change your temporary password/i).count()).toBe(0);
      await changeInModal(page, temporary, newPassword);
      await page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
      const login = await staffLogin(t, email, newPassword);
      expect(login.statusCode, login.body).toBe(200);
      staff[role] = { email, password: newPassword, token: login.json().data.token, name: `Ada ${SURNAMES[role]}` };
      await page.context().close();
    }

    // ── The pharmacist stocks the first drug and prices it in Add Medication.
    const shelf = await open();
    await signInAsStaff(shelf, suite.server.baseUrl, staff.pharmacist);
    await shelf.getByRole('link', { name: 'Inventory Management' }).first().click();
    await shelf.getByRole('button', { name: 'Add Medication' }).click();
    const batch = {
      name: DRUG,
      batch: 'AL-2026-01',
      vendor: 'Emzor Pharmaceuticals',
      expiry: '2028-12-31',
      quantity: 60,
    };
    const stock = await fillAddMedication(shelf, batch, '300');
    await stock.getByText('No price yet: without one it is invoiced at ₦0.00.').waitFor();
    await stock.getByRole('button', { name: 'Add Medication' }).click();
    await shelf.getByText('Medication added successfully! Price: ₦300.00.').waitFor();
    await shelf.context().close();

    // ── The admin prices the FBC and reprices the drug on the Price list.
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Price List' }).click();
    await admin.waitForURL(`${suite.server.baseUrl}/admin/prices`);
    const prices = admin.getByRole('table', { name: 'Price list' });
    await prices.getByText('Full Blood Count', { exact: true }).waitFor();
    const fbcPrice = admin.getByLabel('Price of Full Blood Count (₦)');
    await fbcPrice.fill('4,500');
    await fbcPrice.press('Enter');
    await admin.getByText('Full Blood Count: ₦4,500.00').waitFor();
    await admin.getByLabel('Search prices').fill('artemether');
    expect(await admin.getByLabel(`Price of ${DRUG} (₦)`).inputValue()).toBe('300.00');
    await admin.getByLabel(`Price of ${DRUG} (₦)`).fill('350');
    await admin.getByRole('button', { name: `Save price of ${DRUG}` }).click();
    await admin.getByText(`${DRUG}: ₦350.00`).waitFor();
    await admin.screenshot({ path: `${SHOTS}/first-week-prices.png`, fullPage: true });

    // ── The receptionist registers the patient on Register Patient, books with the doctor and checks in.
    const patient = { firstName: 'Chiamaka', lastName: `Obi${Date.now().toString(36).slice(-4)}` };
    const patientName = `${patient.firstName} ${patient.lastName}`;
    // The server's book and the pages opened from here share a clock just after a quarter hour started.
    toBookableQuarter(clock);
    const desk = await open();
    await signInAsStaff(desk, suite.server.baseUrl, staff.receptionist);
    const phone = `+234 803 ${run}1`;
    await registerPatientOnScreen(desk, suite.server.baseUrl, { ...patient, phone });
    const found = await apiGet<PatientsPage>(
      suite,
      staff.receptionist.token,
      `/api/patients?search=${patient.lastName}`,
    );
    expect(found.patients.map((p) => p.name)).toEqual([patientName]);
    const patientId = found.patients[0]!.id;
    await desk.getByRole('link', { name: 'Appointments' }).first().click();
    await desk.waitForURL(`${suite.server.baseUrl}/user/appointments`);
    await desk.getByRole('button', { name: 'Book Appointment' }).click();
    const booking = desk.getByRole('dialog', { name: 'Book Appointment' });
    await booking.getByLabel('Find patient').fill(patient.lastName);
    await expect
      .poll(() => booking.getByRole('button', { name: /Patient/ }).isDisabled(), { timeout: 15_000 })
      .toBe(false);
    await choose(desk, booking, /Patient/, patientName);
    await choose(desk, booking, /Doctor/, `Dr. ${staff.doctor.name}`);
    await booking.getByLabel('Reason').fill('Fever for three days');
    await booking.getByRole('button', { name: 'Book', exact: true }).click();
    await booking.waitFor({ state: 'detached' });
    await desk.getByRole('button', { name: `Check in ${patientName}` }).click();
    await desk.getByRole('alertdialog', { name: 'Check In' }).getByRole('button', { name: 'Check in' }).click();
    await desk
      .getByRole('region', { name: `Dr. ${staff.doctor.name}` })
      .getByText('Checked in')
      .waitFor();
    await desk.screenshot({ path: `${SHOTS}/first-week-checked-in.png`, fullPage: true });

    // ── The doctor: prescribes from the formulary (the field suggests the stocked drug) and orders an FBC.
    const doc = await open();
    await signInAsStaff(doc, suite.server.baseUrl, staff.doctor);
    await doc.getByRole('table', { name: 'Waiting patients' }).getByText(patientName).click();
    await doc.waitForURL(`${suite.server.baseUrl}/doctor/patients/${patientId}`);
    const panel = await openNewConsultation(doc);
    await panel.getByLabel('Chief complaint').fill('Fever and chills for three days');
    await panel.getByLabel('Primary diagnosis').fill('Uncomplicated malaria');
    await panel.getByRole('button', { name: 'Add Medication' }).click();
    await panel.getByLabel('Medication name').pressSequentially('artem');
    await doc.getByRole('option', { name: new RegExp(DRUG) }).click();
    expect(await panel.getByLabel('Medication name').inputValue()).toBe(DRUG);
    await panel.getByLabel('Dosage').fill('1 tablet');
    await panel.getByLabel('Frequency').fill('Twice daily');
    await panel.getByLabel('Duration').fill('3 days');
    await panel.getByLabel('Quantity').fill('6');
    await panel.getByRole('button', { name: /Lab test/ }).click();
    await doc.getByRole('option', { name: 'Full Blood Count (FBC)' }).click();
    await panel.getByRole('button', { name: 'Add Lab Test' }).click();
    await doc.screenshot({ path: `${SHOTS}/first-week-consultation.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Save Consultation' }).click();
    await doc.getByText('Consultation saved successfully!').waitFor();
    // The patient's own page offers New Consultation too, and the dashboard counts this patient as seen by this doctor.
    await doc.goto(`/doctor/patients/${patientId}`);
    await doc.getByRole('button', { name: 'New Consultation' }).waitFor();
    await doc.getByRole('link', { name: 'Dashboard' }).first().click();
    const seenByMe = doc.getByRole('group', { name: 'Total Patients Seen' });
    await expect.poll(() => seenByMe.getByTestId('metric-value').textContent(), { timeout: 15_000 }).toBe('1');
    await seenByMe.getByText('Different patients you have recorded a consultation for').waitFor();

    // ── The lab: Start opens the FBC's template; out-of-range values are flagged as typed.
    const lab = await open();
    await signInAsStaff(lab, suite.server.baseUrl, staff.lab_technician);
    await lab.goto('/user/test-request');
    await lab.getByRole('button', { name: `Start Full Blood Count for ${patientName}` }).click();
    const results = lab.getByRole('dialog', { name: 'Enter Results: Full Blood Count' });
    expect(await results.getByLabel('Unit 1', { exact: true }).inputValue()).toBe('g/dL');
    await results.getByLabel('Value 1', { exact: true }).fill('10.2');
    await results.getByTitle('Low: below 12').waitFor();
    await results.getByLabel('Value 3', { exact: true }).fill('7.4');
    await results.getByLabel('Value 4', { exact: true }).fill('210');
    await lab.screenshot({ path: `${SHOTS}/first-week-lab-template.png` });
    await results.getByRole('button', { name: 'Save Results' }).click();
    await lab.getByText('Test results recorded successfully!').waitFor();

    // ── The pharmacist dispenses the prescription.
    const pharmacy = await open();
    await signInAsStaff(pharmacy, suite.server.baseUrl, staff.pharmacist);
    await pharmacy.goto('/user/prescription-request');
    const card = pharmacy.getByRole('article', { name: `Prescription for ${patientName}` });
    await card.getByRole('button', { name: /Dispense Medication/ }).click();
    await pharmacy.getByText('Medication dispensed successfully!').waitFor();

    // ── The accountant: the invoice is fully priced (no ₦0 warning).
    const billing = billingApi(() => t);
    await billing.settle();
    const invoices = await inject(staff.accountant.token, 'GET', `/api/billing/invoices?patientId=${patientId}`);
    const invoiceId = (invoices.json().data.invoices as { id: string }[])[0]!.id;
    const accounts = await open();
    await signInAsStaff(accounts, suite.server.baseUrl, staff.accountant);
    await accounts.goto(`/user/invoice/${invoiceId}`);
    const lines = accounts.getByRole('table', { name: 'Invoice lines' });
    const line = (text: string) => lines.getByRole('row').filter({ hasText: text });
    await line('Full Blood Count').getByText('₦4,500.00').first().waitFor();
    expect(await line('Artemether-Lumefantrine').textContent()).toContain('₦2,100.00');
    expect(await accounts.getByText(/lines? ha(s|ve) no price/).count()).toBe(0);
    await accounts.screenshot({ path: `${SHOTS}/first-week-invoice.png`, fullPage: true });

    // A second patient enrolled with an HMO from the HMO Provider screen: the split and the claim.
    const second = { firstName: 'Ifeoma', lastName: `Nwachukwu${Date.now().toString(36).slice(-4)}` };
    const secondRes = await inject(staff.receptionist.token, 'POST', '/api/patients', newPatient(second));
    const secondPatient = secondRes.json().data.patient as { id: string; name: string };
    const hmo = await inject(staff.accountant.token, 'POST', '/api/billing/hmos', {
      name: 'Hygeia HMO',
      code: 'HYG',
      coverage: { consultation: 80, medication: 50, lab: 100 },
    });
    expect(hmo.statusCode, hmo.body).toBe(201);
    await accounts.goto('/user/hmo-provider');
    const enroll = accounts.getByRole('region', { name: 'Enroll a patient' });
    await enroll.getByLabel('Find patient').fill(second.lastName);
    await enroll.getByRole('button', { name: 'Search' }).click();
    await enroll.getByRole('button', { name: new RegExp(secondPatient.name) }).click();
    const group = accounts.getByRole('group', { name: `Enrollment of ${secondPatient.name}` });
    await group.getByRole('button', { name: /HMO/ }).click();
    await accounts.getByRole('option', { name: 'Hygeia HMO (HYG)' }).click();
    await group.getByLabel('Enrollee number').fill('HYG/2026/0007');
    await group.getByRole('button', { name: 'Enroll' }).click();
    await group.getByText('Hygeia HMO, enrollee HYG/2026/0007').waitFor();
    const consulted = await inject(staff.doctor.token, 'POST', '/api/consultations/create', {
      patientId: secondPatient.id,
      chiefComplaint: 'Cough',
      primaryDiagnosis: 'URTI',
      billing: { consultationFee: 10000 },
    });
    expect(consulted.statusCode, consulted.body).toBe(201);
    await billing.settle();
    await accounts.goto(`/user/invoice/${consulted.json().consultation.id}`);
    const split = accounts.getByRole('region', { name: 'HMO Split' });
    await split.getByText('Hygeia HMO, enrollee HYG/2026/0007').waitFor();
    expect(await split.textContent()).toContain('₦8,000.00');
    expect(await split.textContent()).toContain('₦2,000.00');
    await accounts.goto('/user/hmo-provider');
    const claims = accounts.getByRole('region', { name: 'Claims' });
    await claims.getByRole('button', { name: /HMO/ }).click();
    await accounts.getByRole('option', { name: 'Hygeia HMO' }).click();
    await claims.getByRole('button', { name: 'Submit Claim' }).click();
    await claims.getByText(/Claim for \d{4}-\d{2} submitted/).waitFor();
    await expect
      .poll(() => claims.getByRole('table', { name: 'Claims' }).textContent())
      .toContain(`${secondPatient.name} (HYG/2026/0007) · ₦8,000.00`);

    // ── The compliance officer: the day's changes, then the grouped reads, then integrity in words.
    const audit = await open();
    await signInAsStaff(audit, suite.server.baseUrl, staff.compliance_officer);
    await audit.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Logs' }).click();
    await audit.waitForURL(`${suite.server.baseUrl}/admin/audit`);
    const changes = audit.getByRole('table', { name: 'Audit trail' });
    await changes.getByText('Registered patient', { exact: false }).first().waitFor();
    expect(await changes.getByText(/^Viewed /).count()).toBe(0);
    // Who changed which price from what to what.
    const repriced = changes.getByRole('row').filter({
      hasText: 'Changed the price of Full Blood Count (lab test) from no price to ₦4,500.00',
    });
    expect(await repriced.textContent()).toContain('Admin');
    const row = (text: string) => changes.getByRole('row').filter({ hasText: text });
    const stocked = row(`Changed the price of ${DRUG} (medication) from no price to ₦300.00`);
    expect(await stocked.textContent()).toContain(`${staff.pharmacist.name} Pharmacist`);
    expect(await row(`Changed the price of ${DRUG} (medication) from ₦300.00 to ₦350.00`).textContent()).toContain(
      'Admin',
    );
    await audit.screenshot({ path: `${SHOTS}/first-week-audit-changes.png`, fullPage: true });
    await audit.getByRole('tab', { name: 'Reads (grouped)' }).click();
    const reads = audit.getByRole('table', { name: 'Reads, grouped' });
    // The accountant's HMO desk lookup, folded into one row.
    await reads
      .getByRole('row')
      .filter({ hasText: staff.accountant.name })
      .filter({ hasText: /Viewed the patient billing lookup (once|\d+ times), 1 patient/ })
      .waitFor();
    await audit.getByRole('button', { name: 'Verify integrity' }).click();
    await audit.getByText(/^All [\d,]+ entries since \d{1,2} [A-Z][a-z]{2} are intact; /).waitFor();
    await audit.screenshot({ path: `${SHOTS}/first-week-audit-verified.png`, fullPage: true });

    for (const pageErrors of errors) expect(pageErrors).toEqual([]);
  });
});
