import { EARLY_PRESSES_GLOBAL, EARLY_TEXT_GLOBAL, PRESSABLE_SELECTOR } from '../../shared/earlyInput';

type EarlyWindow = Window & { [EARLY_PRESSES_GLOBAL]?: Element[]; [EARLY_TEXT_GLOBAL]?: Map<Element, string> };

/** The same control on the live page, should hydration have replaced the one used: by id, else by kind, name and words. */
function sameControl(used: Element): Element | null {
  if (used.isConnected) return used;
  if (used.id) return document.getElementById(used.id);
  const selector = used instanceof HTMLFormElement ? 'form' : used.matches(PRESSABLE_SELECTOR) ? PRESSABLE_SELECTOR : used.tagName;
  const text = used.textContent?.trim() ?? '';
  return (
    [...document.querySelectorAll(selector)].find(
      (candidate) => candidate.tagName === used.tagName && candidate.getAttribute('name') === used.getAttribute('name') && candidate.textContent?.trim() === text,
    ) ?? null
  );
}

/**
 * Gives the app what was typed into a field before it took the page over, as typing would: React hears an input
 * event and takes the text into its state. (The field may still show the text, but the app's state does not hold
 * it, and its next render would empty the field.) The text is the field's own while it is still on the page: the
 * note holds what was typed until the app went live, the field also what was typed since (the app's own typing, for
 * the app to keep, not to be put back to the note's). The caret stays where the visitor left it.
 */
export function restoreEarlyText(): void {
  const page = window as EarlyWindow;
  const typed = page[EARLY_TEXT_GLOBAL] ?? new Map<Element, string>();
  page[EARLY_TEXT_GLOBAL] = new Map();
  for (const [used, noted] of typed) {
    const field = sameControl(used);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) continue;
    const text = field === used ? field.value : noted;
    const caret = field instanceof HTMLSelectElement ? null : caretOf(field);
    // React tells the visitor's typing from its own updates by the value it last saw: emptied through its setter (on
    // the element), then typed through the prototype's, which it does not watch, the text reads as the visitor's.
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    if (caret && !(field instanceof HTMLSelectElement) && document.activeElement === field) field.setSelectionRange(caret.start, caret.end);
  }
}

/** Where the caret (or the selection) is in a field that has one; an email field has none to read (null). */
function caretOf(field: HTMLInputElement | HTMLTextAreaElement): { start: number; end: number } | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return null;
  }
}

/** Presses again, in order, what was pressed before the app took the page over, now that each control works. */
export function pressHeldControls(): void {
  const page = window as EarlyWindow;
  const held = page[EARLY_PRESSES_GLOBAL] ?? [];
  page[EARLY_PRESSES_GLOBAL] = [];
  for (const pressed of held) {
    const control = sameControl(pressed);
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else if (control instanceof HTMLElement) control.click();
  }
}
