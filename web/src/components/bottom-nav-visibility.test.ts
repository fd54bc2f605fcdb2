import { describe, expect, it } from 'vitest';
import { isBottomNavHidden } from './bottom-nav-visibility';

describe('bottom navigation visibility', () => {
  it.each([
    '/',
    '/wizard',
    '/templates',
    '/templates/editor',
    '/settings/branding',
    '/settings/legal',
  ])('shows on %s when signed in', (path) => expect(isBottomNavHidden(path, true)).toBe(false));

  it.each(['/login', '/signup', '/onboarding', '/esign/abc', '/esign/abc/extra'])(
    'hides on %s even when signed in',
    (path) => expect(isBottomNavHidden(path, true)).toBe(true),
  );

  it('hides everywhere when signed out', () => {
    expect(isBottomNavHidden('/', false)).toBe(true);
    expect(isBottomNavHidden('/templates', false)).toBe(true);
  });

  it('only hides paths that start with /esign/, not look-alikes', () => {
    expect(isBottomNavHidden('/esignatures', true)).toBe(false);
  });
});
