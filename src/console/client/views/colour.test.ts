import { describe, expect, it } from 'vitest';
import { accessibleShade, contrast, contrastWithWhite, parseColour, toHex } from './colour.ts';

describe('colours as the settings take them', () => {
  it('reads rgb(r,g,b) and #rrggbb, and nothing out of range', () => {
    expect(parseColour('rgb(37, 99, 235)')).toEqual([37, 99, 235]);
    expect(parseColour(' #10B981 ')).toEqual([16, 185, 129]);
    expect(parseColour('rgb(256,0,0)')).toBeNull();
    expect(parseColour('blue')).toBeNull();
    expect(toHex([16, 185, 129])).toBe('#10b981');
  });
});

describe('WCAG 2 contrast', () => {
  it('matches the published reference values', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([255, 255, 255], [255, 255, 255])).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 fails.
    expect(contrastWithWhite([0x76, 0x76, 0x76])).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite([0x77, 0x77, 0x77])).toBeLessThan(4.5);
    // The demo's blue passes.
    expect(contrastWithWhite([37, 99, 235])).toBeCloseTo(5.17, 2);
  });

  it('darkens a light colour just enough, and leaves a dark one as it is', () => {
    for (const light of [
      [165, 180, 252],
      [16, 185, 129],
      [255, 255, 0],
      [255, 255, 255],
    ] as [number, number, number][]) {
      const shade = accessibleShade(light);
      expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(shade)).toBeLessThan(4.8);
    }
    expect(accessibleShade([37, 99, 235])).toEqual([37, 99, 235]);
  });
});
