import { describe, expect, it } from 'vitest';
import { MAX_WORDS, passagesOf } from './passages.ts';

describe('a text cut into passages under their headings', () => {
  it('takes Markdown headings, and a short line followed by a paragraph', () => {
    const text = '# Office hours\n\nOpen Monday to Friday, 9 to 5.\n\nFees\n\nBuyers pay nothing. Sellers pay 5%.';
    expect(passagesOf(text)).toEqual([
      { heading: 'Office hours', content: 'Open Monday to Friday, 9 to 5.' },
      { heading: 'Fees', content: 'Buyers pay nothing. Sellers pay 5%.' },
    ]);
  });

  it('takes a Markdown heading with no blank line after it', () => {
    const text = '# Office hours\nOpen Monday to Friday, 9 to 5.\nClosed on Sundays.\n# Fees\nBuyers pay nothing.';
    expect(passagesOf(text)).toEqual([
      { heading: 'Office hours', content: 'Open Monday to Friday, 9 to 5.\nClosed on Sundays.' },
      { heading: 'Fees', content: 'Buyers pay nothing.' },
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

describe('a sentence longer than a passage', () => {
  it('is cut every MAX_WORDS words, so no passage (and no answer) is the whole line', () => {
    const line = Array.from({ length: 30_000 }, (_, i) => `word${i % 97}`).join(' ');
    const passages = passagesOf(line);
    expect(passages.length).toBeGreaterThanOrEqual(30_000 / MAX_WORDS);
    for (const p of passages) expect(p.content.split(' ').length).toBeLessThanOrEqual(MAX_WORDS);
    expect(passages.map((p) => p.content).join(' ')).toBe(line);
  });
});
