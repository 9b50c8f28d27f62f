import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldError } from './api-client';
import { focusFirstInvalid, lastSubmittedForm } from './focus-first-invalid';

/** A form's message per field; a field is invalid while its message is set. */
export type FieldMessages<K extends string> = Partial<Record<K, string>>;

/**
 * The server's per-field reasons of a refused call (400 `errors: [{ field, message }]`): an ApiError's
 * `errors`, or those of a feature error that carries them on. Empty for anything else.
 */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const errors = (error as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string' && e.message !== '',
  );
}

export type PlacedErrors<K extends string> = {
  /** The first server message for each of the form's fields, to show beside the field. */
  byField: FieldMessages<K>;
  /** Messages about fields this form does not show (they belong above the form). */
  unplaced: string[];
};

/**
 * Places the server's field errors on the form's fields. `fieldOf` maps the server's path
 * ('newPassword', 'adminData.email', 'lastName') to a field of the form, or undefined.
 */
export function placeFieldErrors<K extends string>(
  errors: FieldError[],
  fieldOf: (serverField: string) => K | undefined,
): PlacedErrors<K> {
  const byField: FieldMessages<K> = {};
  const unplaced: string[] = [];
  for (const { field, message } of errors) {
    const target = fieldOf(field);
    if (target === undefined) {
      if (!unplaced.includes(message)) unplaced.push(message);
    } else {
      byField[target] ??= message;
    }
  }
  return { byField, unplaced };
}

/** `fieldOf` for forms whose fields carry the server's names. */
export function sameNames<K extends string>(fields: readonly K[]): (serverField: string) => K | undefined {
  return (serverField) => fields.find((f) => f === serverField);
}

/**
 * A form's error state: messages beside fields, and one message above the form. `fail` shows a
 * refused call the way every form here does: the server's field messages beside their fields, and
 * the summary (the server's message or the form's generic one) only when no field message could be
 * placed; messages about fields the form lacks are shown above it.
 */
export function useFormErrors<K extends string>(fieldOf: (serverField: string) => K | undefined) {
  const [errors, setErrors] = useState<FieldMessages<K>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const attention = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (!attention.current) return;
    focusFirstInvalid(attention.current);
    attention.current = null;
  }, [errors]);

  const clearField = useCallback((field: K) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFailure(null);
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setFailure(null);
  }, []);

  /** Shows a refused call; returns the message for above the form (also kept in `failure`), or null. */
  const fail = (error: unknown, summary: string): string | null => {
    const { byField, unplaced } = placeFieldErrors(fieldErrorsOf(error), fieldOf);
    const placed = Object.keys(byField).length > 0;
    const above = unplaced.length > 0 ? unplaced.join(' ') : placed ? null : summary;
    setErrors(byField);
    setFailure(above);
    // The server's refusal comes after the submit: once the fields are marked, the keyboard still goes to the first.
    if (placed) attention.current = lastSubmittedForm();
    return above;
  };

  return { errors, failure, setErrors, setFailure, clearField, reset, fail };
}
