import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fill, HOSPITAL, renderOnboarding, setUpWizardHarness, wizard } from './testing/wizard-harness';
import { yearRangeMessage } from '../../../shared/hospital-formats';

const NEXT_YEAR = new Date().getFullYear() + 1;

// Several helpers share a two-core machine: allow slow runs (tests never assert timings).
vi.setConfig({ testTimeout: 30_000 });
setUpWizardHarness();

describe('Onboarding step 1: Hospital Details', () => {
  it('shows the four steps with Hospital Details as the current one', () => {
    renderOnboarding();
    const progress = screen.getByRole('list', { name: 'Onboarding progress' });
    const items = within(progress).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '1Step 1: Hospital Details',
      '2Step 2: Admin Account',
      '3Step 3: Email Verification',
      '4Step 4: Welcome',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it("says 'Please fill in all required fields' once, and each empty field 'X is required'", async () => {
    renderOnboarding();
    await wizard.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByLabelText('Hospital Name')).toHaveAccessibleDescription('Hospital Name is required');
    expect(screen.getByLabelText('Hospital Email')).toHaveAccessibleDescription('Hospital Email is required');
    expect(screen.getByLabelText('Facility License')).toHaveAccessibleDescription('Facility License is required');
    expect(screen.getByLabelText('Official Registration Number')).toHaveAccessibleDescription(
      'Official Registration Number is required',
    );
    expect(screen.getByLabelText('Hospital Number')).toHaveAccessibleDescription('Hospital Number is required');
    expect(screen.getByRole('heading', { name: 'Hospital Details' })).toBeInTheDocument();
  });

  it("refuses an email that does not look like an address with 'Please enter a valid email address'", async () => {
    renderOnboarding();
    await fill({ ...HOSPITAL, 'Hospital Email': 'info.lagoon.ng' });
    await wizard.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Hospital Email')).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it.each([
    [
      'Hospital Number',
      'DVC/2024/12345',
      'Invalid Hospital Number format. Must be: DVC/[YEAR]/[6-digit number] (e.g., DVC/2024/001234)',
    ],
    ['Hospital Number', 'DVC/2019/001234', yearRangeMessage()],
    ['Hospital Number', `DVC/${NEXT_YEAR}/001234`, yearRangeMessage()],
    [
      'Facility License',
      'HEFAMAA/LAG/2024/001234',
      'Invalid Facility License format. Must be: HEFAMAA/[STATE]/[YEAR]/CLI/[6-digit number] (e.g., HEFAMAA/LAG/2024/CLI/001234)',
    ],
    [
      'Facility License',
      'HEFAMAA/XYZ/2024/CLI/001234',
      'Invalid state code: XYZ. Must use valid 3-letter Nigerian state code.',
    ],
    ['Facility License', `HEFAMAA/ABJ/${NEXT_YEAR}/CLI/001234`, yearRangeMessage()],
    [
      'Official Registration Number',
      'RGN/LAG/2024/18470',
      'Invalid Registration Number format. Must be: RGN/[STATE]/[YEAR]/[7-digit number] (e.g., RGN/LAG/2024/0001847)',
    ],
    [
      'Official Registration Number',
      'RGN/LOS/2024/0001847',
      'Invalid state code: LOS. Must use valid 3-letter Nigerian state code.',
    ],
    ['Official Registration Number', 'RGN/KAN/2010/0001847', yearRangeMessage()],
    ['Official Registration Number', 'RGN/KAN/2024/0000000', 'Registration number must be between 0000001-9999999'],
  ])('shows the message for %s %j next to the field and stays on step 1', async (label, value, message) => {
    renderOnboarding();
    await fill({ ...HOSPITAL, [label]: value });
    await wizard.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Hospital Details' })).toBeInTheDocument();
  });

  it('accepts other valid state codes and lower-case input', async () => {
    renderOnboarding();
    await fill({
      ...HOSPITAL,
      'Facility License': 'hefamaa/fct/2020/cli/000001',
      'Official Registration Number': 'RGN/ZAM/2025/9999999',
    });
    await wizard.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Hospital details saved!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Account' })).toBeInTheDocument();
  });

  it("saves the details for a second, says 'Hospital details saved!' and moves to Admin Account", async () => {
    renderOnboarding();
    await fill(HOSPITAL);
    await wizard.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(await screen.findByText('Hospital details saved!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Account' })).toHaveFocus();
    expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(wizard.api!.calls).toEqual([]);
  });
});
