// Registers the service worker (src/sw/sw.ts) in the built app only, once the page has loaded so it
// never competes with the first view for a slow connection.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still works online; nothing to tell the user.
    });
  });
}
