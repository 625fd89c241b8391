// The page's stylesheets, which the server's page carries disabled at its end (apps/api plugins
// critical-css.ts): a disabled stylesheet is not downloaded, so on 3G it does not share the line with the
// app's scripts, and Vite's loader of a page's script still sees it there and asks for it no second time.
// The first view is drawn by the rules in the page's head; the stylesheets are enabled (downloaded) once the
// app has started, or failed to (decision 072).
export function enableTheLateStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-late-style]'))
    link.disabled = false;
}
