/**
 * Small line icons drawn as SVG, so they look the same on every machine (and in exported images)
 * whether or not it has an emoji font.
 */
interface IconProps {
  size?: number;
}

const frame = (size: number) => ({ width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true });

export function PaperclipIcon({ size = 16 }: IconProps) {
  return (
    <svg {...frame(size)}>
      <path d="M21 11.5 12.3 20.2a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8" />
    </svg>
  );
}

export function MicIcon({ size = 16 }: IconProps) {
  return (
    <svg {...frame(size)}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8.5 21h7" />
    </svg>
  );
}

/** Extensions (MCP services): a puzzle piece. */
export function PuzzleIcon({ size = 16 }: IconProps) {
  return (
    <svg {...frame(size)}>
      <path d="M4 8h4V6.5a2 2 0 1 1 4 0V8h4v4h1.5a2 2 0 1 1 0 4H16v4H4v-4h1.5a2 2 0 1 0 0-4H4z" />
    </svg>
  );
}

/** The spec's robot emoji (a model without an icon). */
export function RobotIcon({ size = 24 }: IconProps) {
  return (
    <svg {...frame(size)}>
      <rect x="4" y="8" width="16" height="12" rx="3" />
      <path d="M12 8V4M9 4h6M9 13h.01M15 13h.01M9.5 17h5M2 13v3M22 13v3" />
    </svg>
  );
}

/** The spec's person emoji beside 您. */
export function PersonIcon({ size = 24 }: IconProps) {
  return (
    <svg {...frame(size)}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}
