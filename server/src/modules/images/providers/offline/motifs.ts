import type { Palette } from './palette.js';
import { hsl } from './palette.js';
import { hashText, mix, type Random } from './random.js';

/** The picture in user units: 1000 wide whatever the pixel size, so a 2× render keeps its composition. */
export interface Frame {
  w: number;
  h: number;
  /** Where sky meets land or sea. */
  horizon: number;
}

const n = (value: number) => (Math.round(value * 10) / 10).toString();

export function sky(frame: Frame, palette: Palette): string {
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/>` +
    `<stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient></defs>` +
    `<rect width="${frame.w}" height="${frame.h}" fill="url(#sky)"/>`
  );
}

/** A sun (or moon) with a halo; low on the horizon at dusk. */
export function disc(frame: Frame, palette: Palette, layout: Random, kind: 'sun' | 'moon', low: boolean): { svg: string; x: number } {
  const r = kind === 'sun' ? layout.between(45, 85) : layout.between(30, 55);
  const x = layout.between(0.18, 0.82) * frame.w;
  const y = low ? frame.horizon - r * 0.35 : layout.between(0.12, 0.32) * frame.h;
  const colour = kind === 'sun' ? palette.light : hsl(50, 60, 92);
  const halo =
    `<defs><radialGradient id="halo-${kind}"><stop offset="0" stop-color="${colour}" stop-opacity="0.75"/>` +
    `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 3.2)}" fill="url(#halo-${kind})"/>`;
  const craters =
    kind === 'moon'
      ? [0, 1, 2].map(() => `<circle cx="${n(x + layout.between(-0.5, 0.5) * r)}" cy="${n(y + layout.between(-0.5, 0.5) * r)}" r="${n(layout.between(0.08, 0.2) * r)}" fill="${hsl(45, 20, 80)}" opacity="0.6"/>`).join('')
      : '';
  return { svg: `${halo}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${colour}"/>${craters}`, x };
}

export function stars(frame: Frame, detail: Random, count: number): string {
  let dots = '';
  for (let i = 0; i < count; i++) {
    const r = detail.chance(0.08) ? detail.between(1.6, 2.6) : detail.between(0.5, 1.4);
    dots += `<circle cx="${n(detail.next() * frame.w)}" cy="${n(detail.next() * frame.horizon * 0.95)}" r="${n(r)}" opacity="${n(detail.between(0.4, 1))}"/>`;
  }
  return `<g fill="#fffbe8">${dots}</g>`;
}

export function clouds(frame: Frame, detail: Random, night: boolean): string {
  let svg = '';
  const count = detail.int(3, 6);
  for (let c = 0; c < count; c++) {
    const cx = detail.next() * frame.w;
    const cy = detail.between(0.06, 0.45) * frame.horizon;
    const size = detail.between(40, 90);
    for (let i = 0; i < 5; i++) {
      svg += `<ellipse cx="${n(cx + (i - 2) * size * 0.55 + detail.between(-10, 10))}" cy="${n(cy - (i % 2) * size * 0.25)}" rx="${n(size * detail.between(0.6, 0.9))}" ry="${n(size * detail.between(0.35, 0.5))}"/>`;
    }
  }
  return `<g fill="${night ? '#8890a8' : '#ffffff'}" opacity="${night ? 0.25 : 0.78}">${svg}</g>`;
}

/** A ridge line from a few sines with random phases, closed down to the horizon. */
function ridge(frame: Frame, layout: Random, top: number, base: number): string {
  const waves = [0, 1, 2, 3].map((i) => ({ freq: (i + 1) * layout.between(0.8, 1.6), phase: layout.next() * Math.PI * 2, amp: 1 / (i + 1.3) }));
  const total = waves.reduce((sum, wave) => sum + wave.amp, 0);
  let d = `M0 ${n(base)}`;
  for (let x = 0; x <= frame.w; x += 10) {
    const t = (x / frame.w) * Math.PI * 2;
    const v = waves.reduce((sum, wave) => sum + wave.amp * Math.sin(t * wave.freq + wave.phase), 0) / total;
    d += ` L${x} ${n(base - (top * (0.55 + 0.45 * v)))}`;
  }
  return `${d} L${frame.w} ${n(base)} Z`;
}

export function mountains(frame: Frame, palette: Palette, layout: Random, snowy: boolean, misty: boolean): string {
  const layers = layout.int(2, 3);
  let svg = '';
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const height = frame.horizon * layout.between(0.35, 0.6) * (1 - t * 0.35);
    const colour = snowy && i === 0 ? hsl(210, 25, 88) : mixColour(palette.far, palette.near, t);
    const fill = misty ? `url(#mist${i})` : colour;
    const mist = misty
      ? `<defs><linearGradient id="mist${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.05"/></linearGradient></defs>`
      : '';
    svg += `${mist}<path class="o" d="${ridge(frame, layout, height, frame.horizon + 2)}" fill="${fill}"/>`;
  }
  return svg;
}

/** Blends two hsl() colours (the palette's own format). */
function mixColour(a: string, b: string, t: number): string {
  const [ha, sa, la] = a.match(/[\d.]+/g)!.map(Number) as [number, number, number];
  const [hb, sb, lb] = b.match(/[\d.]+/g)!.map(Number) as [number, number, number];
  return hsl(ha + (hb - ha) * t, sa + (sb - sa) * t, la + (lb - la) * t);
}

export function ground(frame: Frame, palette: Palette): string {
  return (
    `<defs><linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.ground}"/>` +
    `<stop offset="1" stop-color="${mixColour(palette.ground, palette.dark, 0.5)}"/></linearGradient></defs>` +
    `<rect y="${n(frame.horizon)}" width="${frame.w}" height="${n(frame.h - frame.horizon)}" fill="url(#ground)"/>`
  );
}

/** Water from the horizon down, wave lines widening toward the viewer, and the light's reflection. */
export function sea(frame: Frame, palette: Palette, detail: Random, lightX: number | null): string {
  let waves = '';
  const rows = 14;
  for (let k = 1; k <= rows; k++) {
    const depth = (k / rows) ** 1.7;
    const y = frame.horizon + (frame.h - frame.horizon) * depth;
    const amp = 1.5 + depth * 9;
    const length = 40 + depth * 120;
    const phase = detail.next() * length;
    let d = `M${n(-phase)} ${n(y)}`;
    for (let x = -phase; x < frame.w + length; x += length) d += ` q${n(length / 4)} ${n(-amp)} ${n(length / 2)} 0 t${n(length / 2)} 0`;
    waves += `<path d="${d}" opacity="${n(0.25 + depth * 0.35)}" stroke-width="${n(1 + depth * 2.5)}"/>`;
  }
  let glints = '';
  if (lightX !== null) {
    for (let i = 0; i < 18; i++) {
      const y = frame.horizon + detail.next() * (frame.h - frame.horizon);
      const spread = 20 + ((y - frame.horizon) / (frame.h - frame.horizon)) * 90;
      const width = detail.between(10, 40) * (0.4 + (y - frame.horizon) / (frame.h - frame.horizon));
      glints += `<rect x="${n(lightX + detail.between(-spread, spread) - width / 2)}" y="${n(y)}" width="${n(width)}" height="3" rx="1.5"/>`;
    }
  }
  return (
    `<defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.water}"/>` +
    `<stop offset="1" stop-color="${palette.waterDeep}"/></linearGradient></defs>` +
    `<rect y="${n(frame.horizon)}" width="${frame.w}" height="${n(frame.h - frame.horizon)}" fill="url(#sea)"/>` +
    `<g fill="none" stroke="${palette.skyBottom}">${waves}</g>` +
    `<g fill="${palette.light}" opacity="0.7">${glints}</g>`
  );
}

/** Buildings standing on the horizon, windows lit at night. */
export function city(frame: Frame, palette: Palette, layout: Random, detail: Random, night: boolean, neon: boolean): string {
  let blocks = '';
  let windows = '';
  let signs = '';
  for (let x = layout.between(-20, 0); x < frame.w; ) {
    const width = layout.between(35, 95);
    const height = layout.between(0.12, 0.5) * frame.horizon;
    const top = frame.horizon - height;
    blocks += `<rect class="o" x="${n(x)}" y="${n(top)}" width="${n(width - 4)}" height="${n(height + 2)}"/>`;
    for (let wy = top + 10; wy < frame.horizon - 12; wy += 16) {
      for (let wx = x + 7; wx < x + width - 14; wx += 13) {
        if (detail.chance(night ? 0.45 : 0.3)) windows += `<rect x="${n(wx)}" y="${n(wy)}" width="6" height="8"/>`;
      }
    }
    if (neon && detail.chance(0.35)) {
      signs += `<rect x="${n(x + 6)}" y="${n(top + height * 0.25)}" width="${n(Math.max(8, width * 0.25))}" height="${n(height * 0.3)}" fill="none" stroke="${detail.pick([palette.accent, palette.accent2])}" stroke-width="3"/>`;
    }
    x += width;
  }
  const windowColour = night ? palette.light : hsl(200, 40, 85);
  return (
    `<g fill="${neon || night ? palette.dark : palette.near}">${blocks}</g>` +
    `<g fill="${windowColour}" opacity="${night ? 0.9 : 0.45}"${neon ? ' filter="url(#glow)"' : ''}>${windows}</g>` +
    (signs ? `<g filter="url(#glow)">${signs}</g>` : '')
  );
}

export function forest(frame: Frame, palette: Palette, layout: Random, detail: Random): string {
  let trunks = '';
  let crowns = '';
  const count = layout.int(10, 22);
  const pines = layout.chance(0.5);
  const trees = Array.from({ length: count }, () => ({ x: layout.next() * frame.w, y: frame.horizon + layout.next() ** 1.5 * (frame.h - frame.horizon) * 0.8 }));
  trees.sort((a, b) => a.y - b.y);
  for (const tree of trees) {
    const size = 30 + ((tree.y - frame.horizon) / (frame.h - frame.horizon)) * 110;
    trunks += `<rect x="${n(tree.x - size * 0.06)}" y="${n(tree.y - size * 0.5)}" width="${n(size * 0.12)}" height="${n(size * 0.5)}"/>`;
    const shade = hsl(110 + detail.between(-25, 25), 35 + detail.between(-10, 10), 22 + detail.between(-8, 10));
    if (pines) {
      for (let tier = 0; tier < 3; tier++) {
        const base = tree.y - size * (0.35 + tier * 0.35);
        const half = size * (0.5 - tier * 0.12);
        crowns += `<path class="o" d="M${n(tree.x - half)} ${n(base)} L${n(tree.x)} ${n(base - size * 0.6)} L${n(tree.x + half)} ${n(base)} Z" fill="${shade}"/>`;
      }
    } else {
      crowns += `<circle class="o" cx="${n(tree.x)}" cy="${n(tree.y - size * 0.9)}" r="${n(size * 0.5)}" fill="${shade}"/>`;
      crowns += `<circle cx="${n(tree.x - size * 0.15)}" cy="${n(tree.y - size * 1.05)}" r="${n(size * 0.25)}" fill="${hsl(100, 40, 40)}" opacity="0.5"/>`;
    }
  }
  return `<g fill="${palette.dark}">${trunks}</g>${crowns}`;
}

export function flowers(frame: Frame, palette: Palette, layout: Random, detail: Random): string {
  let svg = '';
  const count = layout.int(7, 16);
  for (let i = 0; i < count; i++) {
    const x = layout.next() * frame.w;
    const y = frame.h - layout.between(0.03, 0.22) * frame.h;
    const r = layout.between(14, 30);
    const colour = detail.pick([palette.accent, palette.accent2, hsl(340, 80, 75)]);
    svg += `<path d="M${n(x)} ${n(y)} q${n(detail.between(-15, 15))} ${n(frame.h - y)} 0 ${n(frame.h - y + 5)}" stroke="${hsl(120, 40, 30)}" stroke-width="3" fill="none"/>`;
    const petals = detail.int(5, 6);
    const turn = detail.next() * 360;
    for (let p = 0; p < petals; p++) {
      svg += `<ellipse class="o" cx="${n(x)}" cy="${n(y - r * 0.6)}" rx="${n(r * 0.38)}" ry="${n(r * 0.62)}" fill="${colour}" transform="rotate(${n(turn + (p * 360) / petals)} ${n(x)} ${n(y)})"/>`;
    }
    svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.28)}" fill="${palette.light}"/>`;
  }
  let falling = '';
  for (let i = 0; i < 25; i++) {
    falling += `<ellipse cx="${n(detail.next() * frame.w)}" cy="${n(detail.next() * frame.h)}" rx="5" ry="3" transform="rotate(${n(detail.next() * 180)})" opacity="0.7"/>`;
  }
  return `${svg}<g fill="${hsl(340, 70, 85)}">${falling}</g>`;
}

/** A cat or a dog sitting with its back to us, looking at the scene. */
export function animal(frame: Frame, palette: Palette, layout: Random, kind: 'cat' | 'dog'): string {
  const s = layout.between(0.13, 0.2) * frame.w;
  const x = layout.between(0.2, 0.8) * frame.w;
  const y = frame.h - layout.between(0.04, 0.12) * frame.h;
  const head = `<circle cx="${n(x)}" cy="${n(y - s * 1.35)}" r="${n(s * 0.36)}"/>`;
  const body = `<ellipse cx="${n(x)}" cy="${n(y - s * 0.55)}" rx="${n(s * 0.5)}" ry="${n(s * 0.62)}"/>`;
  const tailSide = layout.chance(0.5) ? 1 : -1;
  const tail = `<path d="M${n(x + tailSide * s * 0.35)} ${n(y - s * 0.1)} q${n(tailSide * s * 0.7)} ${n(s * 0.1)} ${n(tailSide * s * 0.55)} ${n(-s * 0.7)}" fill="none" stroke="${palette.dark}" stroke-width="${n(s * (kind === 'cat' ? 0.1 : 0.14))}" stroke-linecap="round"/>`;
  const ears =
    kind === 'cat'
      ? [-1, 1].map((side) => `<path d="M${n(x + side * s * 0.32)} ${n(y - s * 1.45)} L${n(x + side * s * 0.3)} ${n(y - s * 1.9)} L${n(x + side * s * 0.05)} ${n(y - s * 1.62)} Z"/>`).join('')
      : [-1, 1].map((side) => `<ellipse cx="${n(x + side * s * 0.36)}" cy="${n(y - s * 1.3)}" rx="${n(s * 0.12)}" ry="${n(s * 0.28)}" transform="rotate(${side * 20} ${n(x + side * s * 0.36)} ${n(y - s * 1.3)})"/>`).join('');
  return `<g class="o" fill="${palette.dark}">${body}${head}${ears}</g>${tail}`;
}

export function birds(frame: Frame, palette: Palette, detail: Random): string {
  let d = '';
  const count = detail.int(3, 9);
  const cx = detail.between(0.2, 0.8) * frame.w;
  const cy = detail.between(0.12, 0.4) * frame.horizon;
  for (let i = 0; i < count; i++) {
    const x = cx + detail.between(-180, 180);
    const y = cy + detail.between(-70, 70);
    const span = detail.between(10, 24);
    d += `M${n(x - span)} ${n(y - span * 0.4)} q${n(span * 0.5)} ${n(span * 0.1)} ${n(span)} ${n(span * 0.4)} q${n(span * 0.5)} ${n(-span * 0.3)} ${n(span)} ${n(-span * 0.4)} `;
  }
  return `<path d="${d}" fill="none" stroke="${palette.dark}" stroke-width="3" stroke-linecap="round"/>`;
}

export function fishes(frame: Frame, palette: Palette, detail: Random): string {
  let svg = '';
  const count = detail.int(3, 7);
  for (let i = 0; i < count; i++) {
    const x = detail.next() * frame.w;
    const y = frame.horizon + detail.between(0.25, 0.9) * (frame.h - frame.horizon);
    const len = detail.between(30, 70);
    const dir = detail.chance(0.5) ? 1 : -1;
    const colour = detail.pick([palette.accent, hsl(20, 90, 60), hsl(0, 0, 95)]);
    svg += `<ellipse class="o" cx="${n(x)}" cy="${n(y)}" rx="${n(len / 2)}" ry="${n(len / 5)}" fill="${colour}"/>`;
    svg += `<path d="M${n(x - dir * len * 0.45)} ${n(y)} l${n(-dir * len * 0.3)} ${n(-len * 0.2)} l0 ${n(len * 0.4)} Z" fill="${colour}"/>`;
  }
  return `<g opacity="0.9">${svg}</g>`;
}

export function snow(frame: Frame, detail: Random): string {
  let dots = '';
  for (let i = 0; i < 220; i++) dots += `<circle cx="${n(detail.next() * frame.w)}" cy="${n(detail.next() * frame.h)}" r="${n(detail.between(1, 4.5))}" opacity="${n(detail.between(0.5, 1))}"/>`;
  return `<g fill="#ffffff">${dots}</g>`;
}

export function rain(frame: Frame, detail: Random): string {
  let d = '';
  for (let i = 0; i < 180; i++) {
    const x = detail.next() * (frame.w + 100);
    const y = detail.next() * frame.h;
    const len = detail.between(18, 40);
    d += `M${n(x)} ${n(y)} l${n(-len * 0.3)} ${n(len)} `;
  }
  return `<path d="${d}" stroke="#cfe3ff" stroke-width="1.6" opacity="0.55"/>`;
}

/**
 * Without a known subject, each word becomes a shape: its hash picks the hue, the shape, where it
 * sits and how big it is, so two prompts never paint alike.
 */
export function wordShapes(frame: Frame, words: readonly string[], seed: number, opacity: number): string {
  let svg = '';
  const list = words.length > 0 ? words.slice(0, 14) : ['∅'];
  list.forEach((word, index) => {
    const h = mix(hashText(word), seed + index);
    const hue = (hashText(word) % 12) * 30 + (h % 20);
    const x = ((h & 0xffff) / 0xffff) * frame.w;
    const y = (((h >>> 16) & 0xffff) / 0xffff) * frame.h;
    const size = 60 + (h % 7) * 25 + Math.min(word.length, 8) * 8;
    const fill = hsl(hue, 65, 55 + (h % 3) * 8);
    switch (h % 4) {
      case 0:
        svg += `<circle class="o" cx="${n(x)}" cy="${n(y)}" r="${n(size)}" fill="${fill}"/>`;
        break;
      case 1:
        svg += `<rect class="o" x="${n(x - size)}" y="${n(y - size * 0.7)}" width="${n(size * 2)}" height="${n(size * 1.4)}" rx="${n(size * 0.25)}" fill="${fill}" transform="rotate(${(h >>> 8) % 90} ${n(x)} ${n(y)})"/>`;
        break;
      case 2:
        svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size)}" fill="none" stroke="${fill}" stroke-width="${n(size * 0.22)}"/>`;
        break;
      default:
        svg += `<path class="o" d="M${n(x - size)} ${n(y)} Q${n(x - size * 0.2)} ${n(y - size * 1.4)} ${n(x + size)} ${n(y - size * 0.2)} T${n(x - size * 0.4)} ${n(y + size * 0.8)} Z" fill="${fill}"/>`;
    }
  });
  return `<g opacity="${n(opacity)}">${svg}</g>`;
}

/** Cyberpunk's neon floor: lines running to a vanishing point on the horizon. */
export function neonGrid(frame: Frame, palette: Palette): string {
  let d = '';
  const vx = frame.w / 2;
  for (let i = -10; i <= 10; i++) d += `M${n(vx)} ${n(frame.horizon)} L${n(vx + i * frame.w * 0.12)} ${n(frame.h)} `;
  for (let k = 1; k <= 8; k++) {
    const y = frame.horizon + (frame.h - frame.horizon) * (k / 8) ** 2;
    d += `M0 ${n(y)} L${frame.w} ${n(y)} `;
  }
  return `<path d="${d}" stroke="${palette.accent}" stroke-width="2" opacity="0.7" filter="url(#glow)"/>`;
}

/** Ink painting's red seal in a corner. */
export function seal(frame: Frame, palette: Palette): string {
  const size = 46;
  const x = frame.w - size - 40;
  const y = frame.h - size - 40;
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="4" fill="${palette.accent}" opacity="0.85"/><rect x="${x + 8}" y="${y + 8}" width="${size - 16}" height="${size - 16}" fill="none" stroke="#f5ead8" stroke-width="3"/>`;
}

/** A bank in the foreground, for whatever sits or grows by the water. */
export function shore(frame: Frame, palette: Palette, layout: Random): string {
  const top = frame.h * layout.between(0.84, 0.9);
  const rise = layout.between(-30, 30);
  return `<path class="o" d="M0 ${n(top + rise)} Q${n(frame.w * 0.5)} ${n(top - 40)} ${frame.w} ${n(top - rise)} L${frame.w} ${frame.h} L0 ${frame.h} Z" fill="${mixColour(palette.ground, palette.dark, 0.35)}"/>`;
}
