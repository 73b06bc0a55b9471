import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Invalid } from '../errors.ts';
import { normalizeBody } from './body-keys.ts';

const schema = Type.Object(
  {
    SerialNumber: Type.String(),
    Bedrooms: Type.Number(),
    SaleType: Type.String({ enum: ['for_sale', 'for_rent'] }),
    Tours: Type.Optional(Type.String()),
    Near: Type.Optional(Type.Object({ Latitude: Type.Number() })),
    Keys: Type.Optional(Type.Array(Type.String())),
  },
  { 'x-aliases': { Tour: 'Tours' } },
);

describe('normalizeBody', () => {
  it('matches field names case-insensitively, maps aliases, converts numeric strings and enum case', () => {
    expect(
      normalizeBody(
        { serialnumber: 'a', BEDROOMS: '3', saletype: 'FOR_SALE', tour: '3D', near: { latitude: '30.5' } },
        schema,
      ),
    ).toEqual({ SerialNumber: 'a', Bedrooms: 3, SaleType: 'for_sale', Tours: '3D', Near: { Latitude: 30.5 } });
  });

  it('leaves what the validator must reject as it is', () => {
    expect(normalizeBody({ Bedrooms: 'three', SaleType: 'sale' }, schema)).toEqual({
      Bedrooms: 'three',
      SaleType: 'sale',
    });
  });

  it('drops prototype keys', () => {
    const out = normalizeBody(JSON.parse('{"__proto__": {"x": 1}, "constructor": 2, "Bedrooms": 1}'), schema) as object;
    expect(Object.keys(out)).toEqual(['Bedrooms']);
    expect(({} as { x?: number }).x).toBeUndefined();
  });

  it('refuses NUL characters anywhere, naming the field', () => {
    expect(() => normalizeBody({ SerialNumber: 'x\u0000' }, schema)).toThrow(
      new Invalid('SerialNumber', 'must not contain NUL characters'),
    );
    expect(() => normalizeBody({ Keys: ['a', 'b\u0000'] }, schema)).toThrow('Keys[1]: must not contain NUL characters');
    expect(() => normalizeBody({ Near: { Latitude: '\u0000' } }, schema)).toThrow(
      'Near.Latitude: must not contain NUL characters',
    );
    // Unknown fields are ignored, NUL or not.
    expect(normalizeBody({ Extra: { deep: 'z\u0000' } }, schema)).toEqual({ Extra: { deep: 'z\u0000' } });
    expect(() => normalizeBody('\u0000', schema)).toThrow('body: must not contain NUL characters');
  });
});
