// Stands in for antd Result's 403 / 404 / 500 pictures (build-config `antdResultIllustrations`):
// theirs are three ~10 KiB SVGs in the UI kit every page loads, for a status that one page uses.
// The status comes from the module's query (`ResultIllustration.tsx?404`), one module per status.
import { theme } from 'antd';

declare const __resourceQuery: string;

const status = __resourceQuery.replace(/^\?/, '');

/** Antd's size for these pictures (its Result lays them out in a 250 × 295 box). */
export default function ResultIllustration() {
  const { token } = theme.useToken();
  return (
    <svg width="252" height="294" viewBox="0 0 252 294" role="img" aria-label={status}>
      <circle cx="126" cy="160" r="110" fill="#E4EBF7" />
      <circle cx="30" cy="120" r="9" fill="#fff" />
      <circle cx="222" cy="212" r="7" fill="#fff" />
      <text x="126" y="183" textAnchor="middle" fontSize="64" fontWeight="700" fill={token.colorPrimary} fontFamily="system-ui, sans-serif">
        {status}
      </text>
    </svg>
  );
}
