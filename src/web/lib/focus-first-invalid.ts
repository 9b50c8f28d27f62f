/** After a refused submit, takes the keyboard to the first field that needs attention. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
