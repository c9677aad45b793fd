/** The store's crown mark; decorative, so hidden from assistive technology. */
export function CrownIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="crown-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f7d789" />
          <stop offset="1" stopColor="#c98f1c" />
        </linearGradient>
      </defs>
      <path
        d="M4 11l6 5 6-9 6 9 6-5-2.5 13h-19z"
        fill="url(#crown-gold)"
        stroke="#5a3d07"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <rect x="6.5" y="25" width="19" height="3" rx="1" fill="url(#crown-gold)" stroke="#5a3d07" strokeWidth="1" />
      <circle cx="16" cy="18" r="2" fill="#d6453d" />
      <circle cx="10.5" cy="20" r="1.3" fill="#4fa3e0" />
      <circle cx="21.5" cy="20" r="1.3" fill="#4fa3e0" />
    </svg>
  );
}
