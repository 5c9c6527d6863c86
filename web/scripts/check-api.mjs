// Fails when src/lib/api/schema.ts is not what openapi-typescript makes of
// the server's openapi.json, i.e. when someone forgot `npm run gen:api`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const spec = join(root, 'openapi.json');
const committed = join(root, 'src/lib/api/schema.ts');

if (!existsSync(spec)) {
  console.error('web/openapi.json is missing: run `go run ./cmd/portal openapi > web/openapi.json`');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'portal-api-'));
try {
  const fresh = join(dir, 'schema.ts');
  execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), [spec, '-o', fresh], { stdio: 'inherit' });
  const current = existsSync(committed) ? readFileSync(committed, 'utf8') : '';
  if (current !== readFileSync(fresh, 'utf8')) {
    console.error('src/lib/api/schema.ts is stale: run `npm run gen:api` and commit the result');
    process.exit(1);
  }
  console.log('src/lib/api/schema.ts is up to date');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
