/* global window, document */
// Runs before the first paint (an external file, so a strict CSP needs no hash):
// - applies the remembered theme (or the system's), so there is no flash of the other one;
// - marks <html data-session> when a session is stored, so a server-rendered page (rendered for a
//   visitor) hides its Login / Get Started buttons until the app has shown the member's own header;
// - tells zod (the API's schemas) not to compile parsers with `new Function`: the CSP allows no
//   eval, and zod's probe for it is reported by the browser as a CSP violation (an inspector
//   issue: Lighthouse's best practices) even though zod catches the error. Zod reads this global
//   config when it loads, after this script and before any schema is made.
(function () {
  var root = document.documentElement;
  var zodConfig = (window.__zod_globalConfig = window.__zod_globalConfig || {});
  zodConfig.jitless = true;
  try {
    var stored = window.localStorage.getItem('lumiskin_theme');
    var dark =
      stored === 'dark' ||
      (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var signedIn =
      window.localStorage.getItem('lumiskin_token') !== null &&
      window.localStorage.getItem('lumiskin_user') !== null;
    root.toggleAttribute('data-session', signedIn);
  } catch (_) {
    /* storage blocked: the CSS follows the system, and nobody is signed in */
  }
})();
