/** The built-in extensions' icons: small SVGs drawn for this product, as data: URLs (imgUrl may be one). */

const svg = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="12" fill="${background}"/><g fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`;

const dataUrl = (markup: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;

export const BUILTIN_ICONS = {
  // A clock face with its hands at ten past ten.
  datetime: dataUrl(svg('#3b82f6', '<circle cx="24" cy="24" r="13"/><path d="M24 16v8l6 4"/>')),
  // A calculator: the display and a grid of keys.
  calculator: dataUrl(svg('#10b981', '<rect x="14" y="10" width="20" height="28" rx="3"/><path d="M18 16h12M19 24h0M24 24h0M29 24h0M19 30h0M24 30h0M29 30h0"/>')),
  // Two arrows between a short and a long bar: one quantity in two units.
  'unit-converter': dataUrl(svg('#f59e0b', '<path d="M12 17h24M30 11l6 6-6 6M36 31H12M18 25l-6 6 6 6"/>')),
  // An open book with a magnifier over its corner.
  'knowledge-search': dataUrl(svg('#8b5cf6', '<path d="M10 14c5-2 9-2 13 1v20c-4-3-8-3-13-1zM23 15c4-3 8-3 13-1v9"/><circle cx="33" cy="31" r="5"/><path d="M37 35l3 3"/>')),
  // A globe: its outline, the equator and one meridian.
  'url-reader': dataUrl(svg('#0ea5e9', '<circle cx="24" cy="24" r="13"/><path d="M11 24h26M24 11c-5 5-5 21 0 26M24 11c5 5 5 21 0 26"/>')),
} as const;
