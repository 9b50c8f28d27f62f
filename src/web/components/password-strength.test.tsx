import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { passwordPolicyError } from '../../shared/password-policy';
import { PasswordStrength, strengthText } from './password-strength';

vi.setConfig({ testTimeout: 20_000 });

describe('the password strength meter', () => {
  it("says the server's verdict before submit: a common password is refused, a few unrelated words pass", async () => {
    const { rerender } = render(<PasswordStrength password="password1" />);
    expect(await screen.findByText(/the server will refuse it/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(passwordPolicyError('password1')).not.toBeNull();

    rerender(<PasswordStrength password="Okra-Soup-Tuesday-42" />);
    expect(await screen.findByText(/good to go$/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4');
    expect(passwordPolicyError('Okra-Soup-Tuesday-42')).toBeNull();
  });

  it("scores the person's own words as the server does", async () => {
    render(<PasswordStrength password="NgoziChukwuma1" userInputs={['Ngozi Chukwuma']} />);
    expect(await screen.findByText(/the server will refuse it/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(passwordPolicyError('NgoziChukwuma1', ['Ngozi Chukwuma'])).not.toBeNull();
  });

  it('says too short under 6 characters, and nothing for an empty field', () => {
    expect(strengthText(4, 5)).toBe('Too short: at least 6 characters');
    const { container } = render(<PasswordStrength password="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
