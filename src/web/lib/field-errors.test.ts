import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorsOf, placeFieldErrors, sameNames } from './field-errors';

describe('fieldErrorsOf', () => {
  it("reads an ApiError's field errors and ignores anything else", () => {
    const error = new ApiError(400, 'Please check your input and try again', [
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(fieldErrorsOf(error)).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    expect(fieldErrorsOf(new Error('boom'))).toEqual([]);
    expect(fieldErrorsOf(undefined)).toEqual([]);
    expect(fieldErrorsOf({ errors: [{ field: 'email' }, 'nonsense', { field: 'x', message: 'kept' }] })).toEqual([
      { field: 'x', message: 'kept' },
    ]);
  });
});

describe('placeFieldErrors', () => {
  it("puts each server message on the form's field, the first one winning", () => {
    const fieldOf = (path: string) => (path === 'firstName' || path === 'lastName' ? 'fullName' : undefined);
    expect(
      placeFieldErrors(
        [
          { field: 'firstName', message: 'First name is required' },
          { field: 'lastName', message: 'Last name is required' },
          { field: 'body', message: 'Nothing to update' },
        ],
        fieldOf,
      ),
    ).toEqual({ byField: { fullName: 'First name is required' }, unplaced: ['Nothing to update'] });
  });

  it('keeps only the fields the form has when names are the same', () => {
    const fieldOf = sameNames(['currentPassword', 'newPassword'] as const);
    expect(
      placeFieldErrors(
        [
          { field: 'newPassword', message: 'This password is too common. Choose a less predictable one.' },
          { field: 'hospitalId', message: 'Unknown hospital' },
        ],
        fieldOf,
      ),
    ).toEqual({
      byField: { newPassword: 'This password is too common. Choose a less predictable one.' },
      unplaced: ['Unknown hospital'],
    });
  });
});
