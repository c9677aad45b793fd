/** Text made safe inside the sandbox's HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The hosted checkout's look, shared by its page and the bank's challenge page. */
export const CHECKOUT_STYLES = `  body { margin: 0; font-family: system-ui, sans-serif; background: #eef1f6; color: #1b2030; }
  main { box-sizing: border-box; max-width: 440px; margin: 40px auto; background: #fff; border-radius: 14px; padding: 28px;
         box-shadow: 0 10px 30px rgba(20, 30, 60, 0.12); }
  /* On a phone the page is the card, edge to edge, as a provider's own checkout is: nothing wider than the screen. */
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; padding: 20px 16px; box-shadow: none; } }
  .badge { display: inline-block; background: #ffe9a8; color: #5a4300; border-radius: 999px; padding: 2px 10px;
           font-size: 0.8rem; font-weight: 700; }
  dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 6px 16px; }
  dt { color: #5b6378; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  label { display: grid; gap: 4px; margin-top: 12px; font-weight: 600; }
  input { font: inherit; padding: 10px; border: 1px solid #b8c0d4; border-radius: 8px; min-width: 0; box-sizing: border-box; width: 100%; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  fieldset { border: 1px solid #b8c0d4; border-radius: 8px; margin: 16px 0 0; padding: 8px 12px 12px; }
  legend { font-weight: 600; padding: 0 4px; }
  .method { display: flex; gap: 8px; align-items: center; margin-top: 8px; font-weight: 500; }
  .method input { width: auto; }
  .actions { display: flex; gap: 10px; margin-top: 22px; flex-wrap: wrap; }
  button { font: inherit; font-weight: 700; border: 0; border-radius: 8px; padding: 12px 18px; cursor: pointer; }
  .pay { background: #1f7a4d; color: #fff; flex: 1; } .decline { background: #b3261e; color: #fff; }
  .cancel { background: #e3e7ef; color: #1b2030; }
  button:focus-visible, input:focus-visible { outline: 3px solid #2f6fed; outline-offset: 2px; }`;

/** A page of the hosted checkout: its title (already escaped) and the content of its card, in the checkout's look. */
export function sandboxPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
${CHECKOUT_STYLES}
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox: no real money moves</span>
${content}
</main>
</body>
</html>`;
}
