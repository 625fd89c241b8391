// Registers the service worker (src/sw/sw.ts) in the built app only, once the page has loaded so it
// never competes with the first view for a slow connection. Called once the app is ready (app/start.tsx).
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still works online; nothing to tell the user.
    });
  };
  // The app starts in steps (main.tsx): the page may have finished loading already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
