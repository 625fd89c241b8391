// Writes a .br and a .gz beside every text asset of the build, at the highest levels (done once here,
// not per request), so the server sends small files to slow phones (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const textFile = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(directory) {
  for (const name of readdirSync(directory)) {
    const file = path.join(directory, name);
    // The server's own build (dist/server) and the manifest (.vite) are never sent to a browser.
    if (directory === dist && (name === 'server' || name === '.vite')) continue;
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (!textFile.test(file) || statSync(file).size < 1024) continue;
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files`);
