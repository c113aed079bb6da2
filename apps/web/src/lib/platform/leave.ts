/**
 * Sends the browser to a page outside the app (Stripe's payment page) with a full page load. A
 * module of its own so that tests can replace it: a test DOM cannot load another page, and a
 * browser's `location` cannot be redefined.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** Loads the current page again (a new version of the app, or its code after a failed load). */
export function reloadPage(): void {
  window.location.reload();
}
