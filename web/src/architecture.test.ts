import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md: features must not import each other; shared code lives in
// src/components or src/lib, and only src/app composes features. ESLint's
// no-restricted-imports (eslint.config.js) catches `@/features/...` imports;
// this test also resolves relative paths, which a pattern cannot.

const src = join(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

function featureOf(path: string): string | null {
  const match = /^features\/([^/]+)/.exec(path);
  return match ? match[1]! : null;
}

function resolve(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return relative(src, join(file, '..', spec));
  return null;
}

describe('architecture', () => {
  const files = sourceFiles(src).filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'));

  it('has no cross-feature imports', () => {
    const offences: string[] = [];
    for (const file of files) {
      const own = featureOf(relative(src, file));
      if (!own) continue;
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        const other = target ? featureOf(target) : null;
        if (other && other !== own) offences.push(`${relative(src, file)} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('keeps lib and components free of features and app', () => {
    const offences: string[] = [];
    for (const file of files) {
      const path = relative(src, file);
      if (!path.startsWith('lib/') && !path.startsWith('components/')) continue;
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        if (target && (target.startsWith('features/') || target.startsWith('app/'))) {
          offences.push(`${path} imports ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
