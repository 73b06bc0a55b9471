// Colours as the settings take them (rgb(r,g,b) or #rrggbb) and WCAG 2 contrast: the widget
// writes white text on the brand colour and on the visitor's messages, which needs a ratio of
// at least 4.5:1 to be read by everyone.

export type Rgb = [number, number, number];

export const MIN_CONTRAST = 4.5;
const WHITE: Rgb = [255, 255, 255];

export function parseColour(text: string): Rgb | null {
  const s = text.trim();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(s);
  if (hex) return [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16), Number.parseInt(hex[3], 16)];
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(s);
  if (!rgb) return null;
  const parts = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return parts.every((n) => n <= 255) ? (parts as Rgb) : null;
}

export function toHex(c: Rgb): string {
  return `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(c: Rgb): number {
  const [r, g, b] = c.map((n) => {
    const v = n / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export function contrastWithWhite(c: Rgb): number {
  return contrast(c, WHITE);
}

/** The same hue, darkened just enough for white text on it to reach 4.5:1. */
export function accessibleShade(c: Rgb): Rgb {
  if (contrastWithWhite(c) >= MIN_CONTRAST) return c;
  let lo = 0;
  let hi = 1;
  // Scale towards black; 20 halvings are finer than one step of 255.
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    const shade = c.map((n) => Math.floor(n * mid)) as Rgb;
    if (contrastWithWhite(shade) >= MIN_CONTRAST) lo = mid;
    else hi = mid;
  }
  return c.map((n) => Math.floor(n * lo)) as Rgb;
}
