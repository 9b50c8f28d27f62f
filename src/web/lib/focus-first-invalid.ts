/**
 * What every form does after a refused submit (issue 34): the keyboard goes to the first field that
 * needs attention, and a polite live region says how many fields do. installFormAttention() makes
 * every form of the page behave so; useFormErrors().fail does it for the server's field errors.
 */

export const ATTENTION_REGION_ID = 'form-attention';

export function attentionMessage(count: number): string {
  return count === 1 ? '1 field needs attention' : `${count} fields need attention`;
}

/** The page's one live region for form problems, made on first use. */
function attentionRegion(doc: Document): HTMLElement {
  const existing = doc.getElementById(ATTENTION_REGION_ID);
  if (existing) return existing;
  const region = doc.createElement('div');
  region.id = ATTENTION_REGION_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.className = 'visually-hidden';
  doc.body.append(region);
  return region;
}

/** The fields a form marks invalid, in document order, each counted once. */
export function invalidFields(form: HTMLElement): HTMLElement[] {
  const marked = Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
  // A group marked invalid around its own invalid input is one field.
  return marked.filter((el) => !marked.some((other) => other !== el && el.contains(other)));
}

function drawAttention(form: HTMLElement): void {
  if (!form.isConnected) return;
  const fields = invalidFields(form);
  if (fields.length === 0) return;
  fields[0]!.focus();
  const region = attentionRegion(form.ownerDocument);
  // Emptied first, so the same count after a second refused submit is announced again.
  region.textContent = '';
  setTimeout(() => {
    region.textContent = attentionMessage(fields.length);
  }, 50);
}

/** After a refused submit, takes the keyboard to the first field that needs attention and says how many do. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  // After the render that marks the fields.
  if (form) setTimeout(() => drawAttention(form), 0);
}

let lastSubmitted: HTMLFormElement | null = null;

/** The form last submitted on the page, for failures that come back later from the server. */
export function lastSubmittedForm(): HTMLFormElement | null {
  return lastSubmitted?.isConnected ? lastSubmitted : null;
}

/**
 * Listens to every form of the document: a submit whose handler marked fields invalid, and a submit
 * the browser's own checks stopped (`invalid` events), both end on the first such field with the
 * count announced. Returns the uninstaller.
 */
export function installFormAttention(doc: Document = document): () => void {
  const pending = new Set<HTMLFormElement>();
  const schedule = (form: HTMLFormElement | null) => {
    if (!form || pending.has(form)) return;
    pending.add(form);
    setTimeout(() => {
      pending.delete(form);
      drawAttention(form);
    }, 0);
  };
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    lastSubmitted = event.target;
    schedule(event.target);
  };
  const onInvalid = (event: Event) => {
    const target = event.target as { form?: HTMLFormElement | null };
    schedule(target.form ?? null);
  };
  doc.addEventListener('submit', onSubmit);
  doc.addEventListener('invalid', onInvalid, true);
  return () => {
    doc.removeEventListener('submit', onSubmit);
    doc.removeEventListener('invalid', onInvalid, true);
  };
}
