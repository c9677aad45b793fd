/**
 * The attribute on <html> that says a player is signed in, so the header shows the signed-in links from the
 * first paint of a prerendered page (CSS chooses; the markup holds both). This inline script sets it from
 * localStorage before anything paints; the app keeps it in step after. The server allows exactly this
 * script by its hash in the Content-Security-Policy.
 */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

export const SIGNED_IN_MARKER_SCRIPT = `try{var u=JSON.parse(localStorage.getItem('user')||'null');if(u&&u.uid)document.documentElement.setAttribute('${SIGNED_IN_ATTRIBUTE}','')}catch(e){}`;
