import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Invalid } from '../errors.ts';
import { normalizeBody } from './body-keys.ts';
import { SINGLE_LINE } from './schema.ts';

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
    // Unknown fields are ignored, NUL or not: they are dropped.
    expect(normalizeBody({ Extra: { deep: 'z\u0000' } }, schema)).toEqual({});
    expect(() => normalizeBody('\u0000', schema)).toThrow('body: must not contain NUL characters');
  });

  it('drops unknown fields, prototype-named ones included, at every level', () => {
    const body = JSON.parse(
      '{"Bedrooms": 1, "valueOf": 2, "hasOwnProperty": "x", "toString": null, "prototype": {}, ' +
        '"Near": {"Latitude": 3, "constructor": 4, "isPrototypeOf": 5}}',
    );
    expect(normalizeBody(body, schema)).toEqual({ Bedrooms: 1, Near: { Latitude: 3 } });
  });

  it('matches enum aliases as own keys only', () => {
    const aliased = Type.Object({
      SaleType: Type.String({ enum: ['for_sale'], 'x-enum-aliases': { 'for sale': 'for_sale' } }),
    });
    expect(normalizeBody({ SaleType: 'For Sale' }, aliased)).toEqual({ SaleType: 'for_sale' });
    expect(normalizeBody({ SaleType: 'constructor' }, aliased)).toEqual({ SaleType: 'constructor' });
  });
});

describe('control characters and surrogates', () => {
  const text = Type.Object({
    Name: Type.String({ ...SINGLE_LINE }),
    Message: Type.String(),
    Tags: Type.Optional(Type.Array(Type.String({ ...SINGLE_LINE }))),
  });

  it.each([
    ['Eve\r\nBcc: victim@evil.test'],
    ['a\nb'],
    ['a\tb'],
    ['bell\u0007'],
    ['esc\u001b[31m'],
    ['del\u007f'],
    ['next line\u0085'],
    ['line\u2028separator'],
  ])('a single-line field refuses %j, naming the field', (value) => {
    expect(() => normalizeBody({ Name: value, Message: 'm' }, text)).toThrow(
      new Invalid('Name', 'must be a single line without control characters'),
    );
  });

  it('names the item of a list', () => {
    expect(() => normalizeBody({ Name: 'a', Message: 'm', Tags: ['ok', 'b\r'] }, text)).toThrow(
      'Tags[1]: must be a single line without control characters',
    );
  });

  it('multi-line text keeps tabs and line breaks and loses other control characters', () => {
    const out = normalizeBody(
      { Name: 'Jane Doe', Message: 'Hi,\r\n\tsee\u0007 \u001b[31mred\u007f\u0085 you\n' },
      text,
    );
    expect(out).toEqual({ Name: 'Jane Doe', Message: 'Hi,\r\n\tsee [31mred you\n' });
  });

  it('accepts ordinary Unicode, emoji included', () => {
    const out = normalizeBody({ Name: 'José Ñúñez 😀', Message: 'Über 😀\n' }, text);
    expect(out).toEqual({ Name: 'José Ñúñez 😀', Message: 'Über 😀\n' });
  });

  it('refuses lone UTF-16 surrogates like NUL, in any known field', () => {
    const lone = JSON.parse('{"Name": "a", "Message": "x\\ud800y"}');
    expect(() => normalizeBody(lone, text)).toThrow(
      new Invalid('Message', 'must not contain unpaired UTF-16 surrogates'),
    );
    const low = JSON.parse('{"Name": "\\udc00", "Message": "m"}');
    expect(() => normalizeBody(low, text)).toThrow('Name: must not contain unpaired UTF-16 surrogates');
  });
});
