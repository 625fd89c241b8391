import { createHash } from 'node:crypto';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

// Each language's words (English too) are data, not script (decision 064): the build writes them as JSON
// files with a hashed name (assets/words-fr-<hash>.json, cached for a year), and `virtual:oja-words` gives
// their addresses to the app (src/i18n/i18n.ts). A page the server drew carries the words it read instead
// (decision 072). The same words give the same names in the browser's and the server's builds.
const MODULE_ID = 'virtual:oja-words';
const RESOLVED_ID = `\0${MODULE_ID}`;
// In development (and the tests) Vite serves them itself.
const DEV_PREFIX = '/@oja-words/';

export const WORDS_FILE_PREFIX = 'assets/words-';

type WordsFile = { fileName: string; source: string };

// The words as src/i18n/all-words.ts has them (English is en.json with the shared reply and notification
// texts), read through Vite, which runs TypeScript.
async function readWordsFiles(webRoot: string): Promise<Map<string, WordsFile>> {
  const { module } = await runnerImport<{ allWords: Record<string, object> }>(
    path.join(webRoot, 'src/i18n/all-words.ts'),
    { configFile: false, logLevel: 'warn' },
  );
  return new Map(
    Object.entries(module.allWords).map(([language, words]) => {
      const source = JSON.stringify(words);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
      return [language, { fileName: `${WORDS_FILE_PREFIX}${language}-${hash}.json`, source }];
    }),
  );
}

export function wordsFiles(webRoot: string): Plugin {
  let isBuild = false;
  let files: Promise<Map<string, WordsFile>> | undefined;
  // Read once per build; in development, again after a change.
  const current = () => (files ??= readWordsFiles(webRoot));

  return {
    name: 'oja-words',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    // Filters, so that the bundler calls back only for this module.
    resolveId: {
      filter: { id: /^virtual:oja-words$/ },
      handler: () => RESOLVED_ID,
    },
    load: {
      filter: { id: /^\0virtual:oja-words$/ },
      async handler() {
        const languages = [...(await current()).entries()];
        const urls = Object.fromEntries(
          languages.map(([language, file]) => [
            language,
            isBuild ? `/${file.fileName}` : `${DEV_PREFIX}${language}.json`,
          ]),
        );
        return `export const wordFiles = ${JSON.stringify(urls)};`;
      },
    },
    async generateBundle() {
      // The server's build only needs the addresses: the browser's build writes the files.
      if (this.environment.config.build.ssr) return;
      for (const file of (await current()).values()) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
      }
    },
    configureServer(server) {
      server.watcher.on('change', () => {
        files = undefined;
      });
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith(DEV_PREFIX)) return next();
        const language = request.url.slice(DEV_PREFIX.length).replace(/\.json$/, '');
        current().then(
          (all) => {
            const file = all.get(language);
            if (!file) return next();
            response.setHeader('content-type', 'application/json');
            response.end(file.source);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
