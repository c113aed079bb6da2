/*
 * Push handling, loaded into the generated service worker (vite.config.ts workbox.importScripts).
 * A push carries {id, title, body, link} (decision 033): show it, and on click focus an open
 * window of the app at that link, or open one.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Lumiskin', body: event.data ? event.data.text() : '' };
  }
  const link = typeof data.link === 'string' && /^\/(?!\/)/.test(data.link) ? data.link : '/';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Lumiskin', {
      body: data.body || '',
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      // The same notification twice (a retry) replaces itself instead of stacking.
      tag: data.id || undefined,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/';
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client
            .focus()
            .then((focused) => (focused.navigate ? focused.navigate(target) : focused));
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
