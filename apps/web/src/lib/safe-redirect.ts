// Note: only a path on this site is followed after login. '//evil.example' and '/\evil.example' are
// read by browsers as another host, so they are refused like any absolute URL.
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
