import { EARLY_TEXT_GLOBAL } from '../../shared/earlyInput';
import { restoreEarlyText } from './earlyInput';

type EarlyWindow = Window & { [EARLY_TEXT_GLOBAL]?: Map<Element, string> };

function field(id: string, value: string): HTMLInputElement {
  const input = document.createElement('input');
  input.id = id;
  input.type = 'text';
  input.value = value;
  document.body.append(input);
  return input;
}

describe('the text typed before the app took the page over', () => {
  afterEach(() => document.body.replaceChildren());

  it('is given to the app as the field holds it: characters typed since the note are kept, in order, caret in place', () => {
    const email = field('email', 'early-1');
    email.focus();
    email.setSelectionRange(3, 3);
    (window as EarlyWindow)[EARLY_TEXT_GLOBAL] = new Map([[email, 'ear']]);
    const heard: string[] = [];
    email.addEventListener('input', () => heard.push(email.value));
    restoreEarlyText();
    expect(email.value).toBe('early-1');
    expect(heard).toEqual(['early-1']);
    expect([email.selectionStart, email.selectionEnd]).toEqual([3, 3]);
  });

  it('is the note’s in the field that replaced the one typed into (hydration made it anew)', () => {
    const typedInto = field('password', 'dragon');
    typedInto.remove();
    const live = field('password', '');
    (window as EarlyWindow)[EARLY_TEXT_GLOBAL] = new Map([[typedInto, 'dragon']]);
    restoreEarlyText();
    expect(live.value).toBe('dragon');
    expect((window as EarlyWindow)[EARLY_TEXT_GLOBAL]?.size).toBe(0);
  });
});
