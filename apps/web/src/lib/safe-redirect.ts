// Note: only a path on this site is followed after login. '//evil.example' and '/\evil.example' are
// read by browsers as another host, so they are refused like any absolute URL.
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

// A link to another sign-in page (login ↔ register) that keeps where the user was going.
export function withRedirect(path: string, searchParams: URLSearchParams): string {
  const redirect = searchParams.get('redirect');
  if (redirect === null || safeRedirectPath(redirect, '') === '') return path;
  return `${path}?${new URLSearchParams({ redirect }).toString()}`;
}
