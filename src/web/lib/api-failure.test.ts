import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-client';
import { failureOf } from './api-failure';

describe('failureOf', () => {
  it("keeps the server's message, status and field errors", () => {
    const errors = [{ field: 'quantity', message: 'Quantity must be a number' }];
    const e = failureOf(new ApiError(409, 'x', errors, { message: 'Insufficient stock for Zinc' }), 'Failed');
    expect([e.status, e.message, e.errors]).toEqual([409, 'Insufficient stock for Zinc', errors]);
  });

  it('reads the fallback when the server sent no message, and for an answer of the wrong shape', () => {
    expect(failureOf(new ApiError(500, 'x', [], undefined), 'Failed to fetch prescriptions').message).toBe(
      'Failed to fetch prescriptions',
    );
    expect(failureOf(new TypeError('bad shape'), 'Failed to fetch prescriptions').message).toBe(
      'Failed to fetch prescriptions',
    );
  });

  it('reads the exception message when the server could not be reached, else the network message', () => {
    const offline = new ApiError(0, NETWORK_ERROR);
    expect(failureOf(offline, 'Failed', 'An error occurred while fetching prescriptions').message).toBe(
      'An error occurred while fetching prescriptions',
    );
    expect(failureOf(offline, 'Failed').message).toBe(NETWORK_ERROR);
  });
});
