// The contacts found in a text: e-mails in any case, and phones in the forms visitors type.
import { describe, expect, it } from 'vitest';
import { contactKeysIn, phoneKey } from './contact.ts';

describe('contactKeysIn', () => {
  it.each([
    'call me on +1 303 555 0100 tonight',
    'my cell is (303) 555-0100',
    'text 303.555.0100 please',
    'number: 3035550100',
    '1-303-555-0100',
    'under 450000 303 555 0100',
  ])('finds the phone in %j', (text) => {
    expect(contactKeysIn(text)).toEqual(['phone:+13035550100']);
  });

  it('finds e-mails in any case, without a sentence’s full stop, and several contacts at once', () => {
    expect(contactKeysIn('Write to Jane.Doe+homes@Example.COM.')).toEqual(['email:jane.doe+homes@example.com']);
    expect(contactKeysIn('jo@example.com or 720-555-0199 or (303) 555 0100').sort()).toEqual(
      ['email:jo@example.com', 'phone:+13035550100', 'phone:+17205550199'].sort(),
    );
  });

  it('keys a phone the way a lead or a showing keys it', () => {
    expect(contactKeysIn('reach me at +1 (512) 555-0147')).toEqual([`phone:${phoneKey('512 555 0147')}`]);
  });

  it.each([
    'Any 3-bed homes under $450k in Austin?',
    '3 beds, 2 baths, 1,800 sqft, built 1998, MLS 12345',
    'between 2020 and 2024',
  ])('finds nothing in %j', (text) => {
    expect(contactKeysIn(text)).toEqual([]);
  });

  // A question of 8,000 characters made to backtrack: one long run of letters without an @ or of
  // digit groups. Each is read in a few milliseconds; before the bounds, 60-100 ms each.
  it.each(['a', '5', '555 ', 'a.', '1 sq ft '])(
    'reads 8,000 characters of %j within 40 ms, and a contact after them',
    (unit) => {
      const noise = unit.repeat(Math.ceil(8000 / unit.length)).slice(0, 8000);
      contactKeysIn(noise);
      const started = performance.now();
      expect(contactKeysIn(noise)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(40);
      expect(contactKeysIn(`${noise} jo@example.com (303) 555-0100`).sort()).toEqual(
        ['email:jo@example.com', 'phone:+13035550100'].sort(),
      );
    },
  );

  it('finds an address whose parts are as long as the standard allows', () => {
    const local = 'x'.repeat(64);
    expect(contactKeysIn(`mail ${local}@example.com`)).toEqual([`email:${local}@example.com`]);
  });
});
