// The robots.txt rules on their own; honouring them while crawling is in crawl.test.ts.
import { describe, expect, it } from 'vitest';
import { readRobots } from './robots.ts';

describe('readRobots', () => {
  it('takes the longest match, Allow on a tie, `*` inside and `$` at the end', () => {
    const allows = readRobots(
      'User-agent: *\nDisallow: /listings\nAllow: /listings/*/photos\nDisallow: /*?sort=\nDisallow: /*.json$\nAllow: /a\nDisallow: /a\n',
    );
    expect(allows('/listings/12')).toBe(false);
    expect(allows('/listings/12/photos/1')).toBe(true);
    expect(allows('/homes?sort=price')).toBe(false);
    expect(allows('/data.json')).toBe(false);
    expect(allows('/data.json?x')).toBe(true);
    expect(allows('/a')).toBe(true);
    expect(allows('/about')).toBe(true);
  });

  it('uses the groups naming ParlorBot, combined, and else everything is allowed', () => {
    const text =
      'User-agent: parlorbot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: ParlorBot\nDisallow: /b\n';
    const allows = readRobots(text);
    expect([allows('/a'), allows('/b'), allows('/c')]).toEqual([false, false, true]);
    expect(readRobots('User-agent: Googlebot\nDisallow: /\n')('/x')).toBe(true);
    expect(readRobots('Disallow: /\n')('/x')).toBe(true);
  });

  it('stays fast on a pattern built to backtrack', () => {
    const allows = readRobots(`User-agent: *\nDisallow: /${'*a'.repeat(40)}b$\n`);
    const started = Date.now();
    expect(allows(`/${'a'.repeat(5000)}`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
