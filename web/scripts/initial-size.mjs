// Prints the gzipped size of the JavaScript a first visit downloads: the
// entry script plus every chunk it imports statically (lazy pages excluded).
// Exits non-zero above the budget, so CI catches a bundle that grew too much.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');

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
const kb = (total / 1024).toFixed(1);
console.log(`initial JS: ${seen.size} file(s), ${kb} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`);
for (const f of [...seen].sort()) console.log(`  ${f}`);
if (total > BUDGET_BYTES) {
  console.error('initial JS is over budget');
  process.exit(1);
}
