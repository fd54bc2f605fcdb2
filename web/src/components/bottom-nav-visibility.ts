const hiddenPaths = new Set(['/login', '/signup', '/onboarding']);

/** Hidden on /esign/*, /login, /signup, /onboarding and whenever signed out. */
export function isBottomNavHidden(pathname: string, signedIn: boolean): boolean {
  return pathname.startsWith('/esign/') || hiddenPaths.has(pathname) || !signedIn;
}
