import { createHash } from 'node:crypto';
import Beasties from 'beasties';
import type { FastifyBaseLogger } from 'fastify';

// The first paint waits for no stylesheet (decision 067): the rules a page's first view uses are written into
// its head, and the stylesheets move to the end of the body, where they load without holding back the paint
// of what comes before them. On 3G a 20 KB stylesheet shares the line with the page's first pictures; the
// page painted 2.5 s after its HTML arrived.
//
// Beasties finds the rules a page uses by matching the stylesheets' selectors against its markup: 80–150 ms
// of CPU, too much for every page. It runs once per shape of page: its kind (its page modules: the home page,
// a product page…) and the elements and classes its markup uses, so that a product page with a gallery's
// thumbnails does not get the rules found for one without them (its thumbnails were drawn unstyled, then moved
// when the stylesheet arrived). The shapes of a kind are few (a sold badge, thumbnails, an empty list…); past
// the cap a page gets the rules of the first page of its kind, and a rule they lack applies when the
// stylesheet at the end of the body arrives.

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;
// The attribute of the stylesheets moved to the end of the body, disabled; the web app enables them.
const LATE_STYLE = 'data-late-style';
const INLINED = /<style>([\s\S]*?)<\/style>/;
// The page's own <style> elements (the web app's index.html has one): left out of what Beasties reads, so that
// the one <style> of its page is the rules it found.
const OWN_STYLES = /<style>[\s\S]*?<\/style>/g;
// Shapes of page: the app's routes, a few dozen, by the few variants of each. The cap only guards against a
// mistake.
const MAX_SHAPES = 500;
const TAG_OR_CLASSES = /<([a-z][a-z0-9-]*)|\sclass="([^"]*)"/g;

// What of a page's markup its stylesheets' selectors can tell apart: its elements and classes, in order.
function shapeOf(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  const names = new Set<string>();
  for (const [, tag, classes] of body.matchAll(TAG_OR_CLASSES)) {
    if (tag) names.add(`<${tag}`);
    else for (const name of classes!.split(/\s+/)) if (name) names.add(name);
  }
  return createHash('sha256')
    .update([...names].sort().join(' '))
    .digest('base64url')
    .slice(0, 16);
}

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
  const rulesByShape = new Map<string, Promise<string>>();
  // The rules of the first page of each kind, for a shape past the cap.
  const rulesByKind = new Map<string, Promise<string>>();

  const rulesOf = (html: string, kind: string): Promise<string> => {
    const shape = `${kind} ${shapeOf(html)}`;
    const known =
      rulesByShape.get(shape) ?? (rulesByShape.size >= MAX_SHAPES ? rulesByKind.get(kind) : undefined);
    if (known) return known;
    const found = beasties.process(html.replace(OWN_STYLES, '')).then(
      (processed) => INLINED.exec(processed)?.[1] ?? '',
      (error: unknown) => {
        // The page then paints once its stylesheets arrive, as it did before; a later page tries again.
        log.warn({ err: error }, 'critical CSS could not be computed');
        rulesByShape.delete(shape);
        if (rulesByKind.get(kind) === found) rulesByKind.delete(kind);
        return '';
      },
    );
    if (rulesByShape.size < MAX_SHAPES) rulesByShape.set(shape, found);
    if (!rulesByKind.has(kind)) rulesByKind.set(kind, found);
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
    // entry ran 1.4 s late, after the pictures had shared the line with it), and one for print still shares
    // the line with them. Disabled, it is not downloaded until the app has started and enables it (web
    // lib/late-styles.ts, decision 072): what the first view shows is drawn by the rules above. Without
    // scripts, <noscript>'s.
    const late = tags.map((tag) => tag.replace('<link ', `<link ${LATE_STYLE} disabled `));
    // Note: replacement functions, never strings (a `$&` in the rules would be read as a pattern).
    return html
      .replace(head, () => head.replace(STYLESHEET, ''))
      .replace('</head>', () => `<style>${rules}</style></head>`)
      .replace('</body>', () => `${late.join('')}<noscript>${tags.join('')}</noscript></body>`);
  };
}
