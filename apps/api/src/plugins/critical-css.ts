import Beasties from 'beasties';
import type { FastifyBaseLogger } from 'fastify';

// The first paint waits for no stylesheet (decision 067): the rules a page's first view uses are written into
// its head, and the stylesheets move to the end of the body, where they load without holding back the paint
// of what comes before them. On 3G a 20 KB stylesheet shares the line with the page's first pictures; the
// page painted 2.5 s after its HTML arrived.
//
// Beasties finds the rules a page uses by matching the stylesheets' selectors against its markup: 80–150 ms
// of CPU, too much for every page. It runs once per kind of page (its page modules: the home page, a product
// page…) and the rules found are reused for every page of that kind. A rule only some pages of a kind use
// (a sold badge) is applied a moment later, when the stylesheet at the end of the body arrives.

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;
// The attribute of the stylesheets moved to the end of the body; the web app's entry reads it.
const LATE_STYLE = 'data-late-style';
const INLINED = /<style>([\s\S]*?)<\/style>/;
// The page's own <style> elements (the web app's index.html has one): left out of what Beasties reads, so that
// the one <style> of its page is the rules it found.
const OWN_STYLES = /<style>[\s\S]*?<\/style>/g;
// Kinds of page are the app's routes, a few dozen: the cap only guards against a mistake.
const MAX_KINDS = 200;

export type CriticalCss = (html: string, kind: string) => Promise<string>;

export function criticalCss(webDistDir: string, log: FastifyBaseLogger): CriticalCss {
  const beasties = new Beasties({
    path: webDistDir,
    publicPath: '/',
    // Only the rules are taken from Beasties' page (below); the links are moved here, without inline scripts
    // that the Content-Security-Policy would refuse.
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    inlineFonts: false,
    preloadFonts: false,
    logLevel: 'silent',
  });
  const rulesByKind = new Map<string, Promise<string>>();

  const rulesOf = (html: string, kind: string): Promise<string> => {
    const known = rulesByKind.get(kind);
    if (known) return known;
    const found = beasties.process(html.replace(OWN_STYLES, '')).then(
      (processed) => INLINED.exec(processed)?.[1] ?? '',
      (error: unknown) => {
        // The page then paints once its stylesheets arrive, as it did before; a later page tries again.
        log.warn({ err: error }, 'critical CSS could not be computed');
        rulesByKind.delete(kind);
        return '';
      },
    );
    if (rulesByKind.size < MAX_KINDS) rulesByKind.set(kind, found);
    return found;
  };

  return async (html, kind) => {
    const rules = await rulesOf(html, kind);
    if (!rules) return html;
    const head = html.slice(0, html.indexOf('</head>'));
    const links = head.match(STYLESHEET) ?? [];
    if (links.length === 0) return html;
    const tags = links.map((link) => link.trim());
    // A stylesheet the parser met holds back the page's module scripts until it has loaded (on 3G the app's
    // entry ran 1.4 s late, after the pictures had shared the line with it). For print, it holds back
    // nothing; the entry (web main.tsx) turns it to every medium once the first frame is painted. Without
    // scripts, <noscript>'s.
    const late = tags.map((tag) => tag.replace('<link ', `<link ${LATE_STYLE} media="print" `));
    // Note: replacement functions, never strings (a `$&` in the rules would be read as a pattern).
    return html
      .replace(head, () => head.replace(STYLESHEET, ''))
      .replace('</head>', () => `<style>${rules}</style></head>`)
      .replace('</body>', () => `${late.join('')}<noscript>${tags.join('')}</noscript></body>`);
  };
}
