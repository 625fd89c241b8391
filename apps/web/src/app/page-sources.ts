// Which source files a route's `lazy` loads (its page module), so that the server names their scripts and
// stylesheets in the page it draws (decision 060). The server's build rewrites router.tsx's
// `import('…')` as `pageSource(import('…'), 'src/…')` (vite.config.ts: pageSources); the browser's build
// leaves it alone. A route's `lazy` asks for its module synchronously, so a collector set around the call
// sees only that route's module.
let collector: string[] | null = null;

export function pageSource<T>(loading: Promise<T>, source: string): Promise<T> {
  collector?.push(source);
  return loading;
}

export function collectPageSources<T>(run: () => T): { result: T; sources: string[] } {
  const sources: string[] = [];
  const previous = collector;
  collector = sources;
  try {
    return { result: run(), sources };
  } finally {
    collector = previous;
  }
}
