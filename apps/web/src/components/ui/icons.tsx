import type { ReactNode } from 'react';

// Small inline icons (no icon font to download). Decorative: the text or label beside them names the action.

type IconProps = { size?: number };

// The line icons: a 24-unit box drawn with the current text colour.
// `isFilled`: drawn filled too (a saved listing's heart, a chosen star).
function LineIcon({
  size,
  isFilled = false,
  children,
}: {
  size: number;
  isFilled?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function BellIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </LineIcon>
  );
}

export function UploadIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="M17 8l-5-5-5 5" />
      <path d="M12 3v12" />
    </LineIcon>
  );
}

export function SearchIcon({ size = 18 }: IconProps) {
  return (
    <LineIcon size={size}>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </LineIcon>
  );
}

export function LeafLogo({ size = 32 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 21c0-7 5-12 14-12-1 9-6 14-13 14"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function CartIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size}>
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </LineIcon>
  );
}

export function ShieldCheckIcon({ size = 16 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
      <path d="m9 12 2 2 4-4" />
    </LineIcon>
  );
}

export function ChatIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
    </LineIcon>
  );
}

export function HeartIcon({ size = 20, isFilled = false }: IconProps & { isFilled?: boolean }) {
  return (
    <LineIcon size={size} isFilled={isFilled}>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </LineIcon>
  );
}

export function StarIcon({ size = 16, isFilled = false }: IconProps & { isFilled?: boolean }) {
  return (
    <LineIcon size={size} isFilled={isFilled}>
      <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
    </LineIcon>
  );
}
