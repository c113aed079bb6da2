/* global window, document */
// Applies the remembered theme (or the system's) before the app loads, so there is no flash.
(function () {
  try {
    var stored = window.localStorage.getItem('lumiskin_theme');
    var dark =
      stored === 'dark' ||
      (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (_) {
    /* storage blocked: the CSS follows the system */
  }
})();
