import { describe, expect, it } from 'vitest';
import { passagesOf } from './passages.ts';

describe('a text cut into passages under their headings', () => {
  it('takes Markdown headings, and a short line followed by a paragraph', () => {
    const text = '# Office hours\n\nOpen Monday to Friday, 9 to 5.\n\nFees\n\nBuyers pay nothing. Sellers pay 5%.';
    expect(passagesOf(text)).toEqual([
      { heading: 'Office hours', content: 'Open Monday to Friday, 9 to 5.' },
      { heading: 'Fees', content: 'Buyers pay nothing. Sellers pay 5%.' },
    ]);
  });

  it('keeps short lines of facts as content: a short line followed by another, by a heading, or last', () => {
    const text =
      '# Call or text\n\nMain phone: 520-555-0140\n\nText line: 520-555-0142\n\n# Email\n\nhello@example.com\n\n# Visit\n\n2140 East Speedway Boulevard';
    expect(passagesOf(text)).toEqual([
      { heading: 'Call or text', content: 'Main phone: 520-555-0140\n\nText line: 520-555-0142' },
      { heading: 'Email', content: 'hello@example.com' },
      { heading: 'Visit', content: '2140 East Speedway Boulevard' },
    ]);
  });
});
