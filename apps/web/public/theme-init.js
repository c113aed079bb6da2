/* global window, document */
// Runs before the first paint (an external file, so a strict CSP needs no hash):
// - applies the remembered theme (or the system's), so there is no flash of the other one;
// - marks <html data-session> when a session is stored, so a server-rendered page (rendered for a
//   visitor) hides its Login / Get Started buttons until the app has shown the member's own header.
(function () {
  var root = document.documentElement;
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
