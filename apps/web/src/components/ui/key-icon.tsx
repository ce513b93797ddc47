import type { SVGProps } from 'react';

/**
 * A key, for passkeys: drawn as the line icons of icons.tsx are, but in a file of its own, so that only the
 * console's code holds it (icons.tsx goes with the storefront's first page).
 */
export function KeyIcon({ size = 20, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <circle cx="7.5" cy="12" r="3.8" />
      <path d="M11.3 12h9.2M17.2 12v3.2M20.5 12v2.4" />
    </svg>
  );
}
