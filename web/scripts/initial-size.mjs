// Prints the gzipped size of the JavaScript a first visit downloads: the
// entry script plus every chunk it imports statically (lazy pages excluded),
// plus one language's texts (src/locales/<lang>/texts.ts, loaded at start-up
// by lib/i18n; the largest counts). Exits non-zero above the budget, so CI
// catches a bundle that grew too much.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

const pending = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
let total = 0;
while (pending.length > 0) {
  const file = pending.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file));
  total += gzipSync(code).length;
  // Static imports only: `import ... from "./x.js"` or `import "./x.js"`, not import("./x.js").
  for (const m of code.toString().matchAll(/(?:^|[;}\s])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    pending.push(`assets/${m[1]}`);
  }
}
const kb = (bytes) => (bytes / 1024).toFixed(1);

const languages = readdirSync(join(dist, 'assets'))
  .filter((f) => /^texts-.*\.js$/.test(f))
  .map((f) => ({ file: `assets/${f}`, bytes: gz(`assets/${f}`) }));
if (languages.length === 0) {
  console.error('no language chunk (assets/texts-*.js) found: are the locales bundled eagerly again?');
  process.exit(1);
}
const language = Math.max(...languages.map((l) => l.bytes));
for (const l of languages) {
  if (seen.has(l.file)) {
    console.error(`${l.file} is imported statically: every language would load at start-up`);
    process.exit(1);
  }
}

const first = total + language;
console.log(
  `initial JS: ${seen.size} file(s), ${kb(total)} KB gzipped + one language's texts ${kb(language)} KB = ${kb(first)} KB (budget ${BUDGET_BYTES / 1024} KB)`,
);
for (const f of [...seen].sort()) console.log(`  ${f}`);
for (const l of languages) console.log(`  ${l.file} (${kb(l.bytes)} KB, one of ${languages.length} languages)`);
if (first > BUDGET_BYTES) {
  console.error('initial JS is over budget');
  process.exit(1);
}
