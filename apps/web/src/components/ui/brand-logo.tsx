/** The store's mark and word mark. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand-800)" />
      <path d="M9 7.5h10l5 5V23a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V9.5a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M19 7.5v5h5" fill="var(--color-brand-200)" />
      <path
        d="M10.5 16h10M10.5 19.5h7"
        stroke="var(--color-brand-700)"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="24.5" cy="24.5" r="3.5" fill="var(--color-accent-400)" />
    </svg>
  );
}
