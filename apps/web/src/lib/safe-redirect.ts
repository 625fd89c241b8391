// Note: only a path on this site is followed after login. '//evil.example' and '/\evil.example' are
// read by browsers as another host, so they are refused like any absolute URL.
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

// The profile page, returning to the page the user is on once the profile is saved ('Complete your profile'
// from checkout comes back to checkout).
export function profilePathReturningTo(location: { pathname: string; search: string }): string {
  return `/profile?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` }).toString()}`;
}

// A link to another sign-in page (login ↔ register) that keeps where the user was going.
export function withRedirect(path: string, searchParams: URLSearchParams): string {
  const redirect = searchParams.get('redirect');
  if (redirect === null || safeRedirectPath(redirect, '') === '') return path;
  return `${path}?${new URLSearchParams({ redirect }).toString()}`;
}
