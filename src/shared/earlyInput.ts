/**
 * A prerendered page shows its controls before the app has taken it over: a press in between would do nothing, and
 * text typed would be wiped as React hydrates the fields. This inline script, in every page's head, holds such
 * presses (a button, a checkbox, a form's submit) and notes what is typed, until the app is live; the app then puts
 * the text back and presses again (src/client/lib/earlyInput.ts). Links need no help: they work as plain links.
 *
 * The server allows this script by its hash in the Content-Security-Policy, so it is kept byte for byte as here
 * (and without a "<", which would end it early in the page's markup).
 */

/** Set on <html> once the app has taken the page over: every control works (browser tests wait for it too). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** The window properties the early input waits in: the controls pressed, oldest first; each field's text. */
export const EARLY_PRESSES_GLOBAL = '__wcEarlyPresses';
export const EARLY_TEXT_GLOBAL = '__wcEarlyText';

/** What counts as a press that needs the app; a link or a text field works without it. */
export const PRESSABLE_SELECTOR = 'button,[role=button],input[type=submit],input[type=button],input[type=checkbox],input[type=radio],summary';

export const EARLY_INPUT_SCRIPT =
  `(function(){var d=document,h=d.documentElement,q=window.${EARLY_PRESSES_GLOBAL}=[],t=window.${EARLY_TEXT_GLOBAL}=new Map();` +
  `function early(){return!h.hasAttribute('${APP_READY_ATTRIBUTE}')}` +
  `function hold(e,c){if(!early()||!c)return;e.preventDefault();e.stopPropagation();if(q.indexOf(c)===-1)q.push(c)}` +
  `d.addEventListener('click',function(e){hold(e,e.target&&e.target.closest&&e.target.closest('${PRESSABLE_SELECTOR}'))},true);` +
  `d.addEventListener('submit',function(e){hold(e,e.target)},true);` +
  `d.addEventListener('input',function(e){var f=e.target;if(early()&&f&&/^(INPUT|TEXTAREA|SELECT)$/.test(f.tagName)&&!/^(checkbox|radio)$/.test(f.type))t.set(f,f.value)},true)})()`;
