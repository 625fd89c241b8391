import { createHash } from 'node:crypto';

// Text placed into HTML the server writes (link previews, the payment sandbox's page).
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

// The Content-Security-Policy sources ('sha256-…') of a page's inline scripts, so that those and no others
// run (the web app's index.html has two: early taps, decision 065, and the page's scripts, decision 073). Data blocks (type="application/json")
// are never run and need none.
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes) || /\btype="application\/json"/.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return hashes;
}
