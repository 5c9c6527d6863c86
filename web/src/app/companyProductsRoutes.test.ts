import { isValidElement, type ReactElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequireSelectedCorporateAccount } from './guards/RequireSelectedCorporateAccount';
import { RequireRole } from './guards/RequireRole';
import { routes } from './routes';

/** The chain of routes from the root to the one with this path. */
function pathTo(list: RouteObject[] | undefined, path: string): RouteObject[] | null {
  for (const route of list ?? []) {
    if (route.path === path) return [route];
    const below = pathTo(route.children, path);
    if (below) return [route, ...below];
  }
  return null;
}

/** Every element a route element wraps (guards wrap the outlet). */
function elements(node: ReactNode): ReactElement[] {
  if (!isValidElement(node)) return [];
  const children = (node.props as { children?: ReactNode }).children;
  return [node, ...(Array.isArray(children) ? children.flatMap(elements) : elements(children))];
}

describe('company/products routes', () => {
  it('guards the trip and NMBS tabs exactly as the list: a selected company and the user_manager role (ospadmin always passes)', () => {
    const chain = pathTo(routes, 'company/products');
    expect(chain).not.toBeNull();
    const page = chain!.at(-1)!;
    expect(page.children?.map((child) => child.path ?? 'index')).toEqual(['index', 'list', 'homework-registration', 'trip-registration', 'nmbs-subscription']);
    // No tab has a guard of its own: they share the page's.
    for (const child of page.children ?? []) expect(elements(child.element).some((e) => e.type === RequireRole)).toBe(false);
    const guards = chain!.flatMap((route) => elements(route.element));
    expect(guards.some((e) => e.type === RequireSelectedCorporateAccount)).toBe(true);
    const roles = guards.filter((e) => e.type === RequireRole).map((e) => (e.props as { roles: readonly string[] }).roles);
    expect(roles).toEqual([['user_manager']]);
  });
});
