// The robots.txt rules on their own; honouring them while crawling is in crawl.test.ts.
import { describe, expect, it } from 'vitest';
import { PATTERN_MAX, RULES_MAX, readRobots } from './robots.ts';

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

describe('a hostile robots.txt', () => {
  // 512 KB of wildcard rules: with backtracking each URL of 2,000 characters took 3.3 s.
  const hostile = `User-agent: *\n${`Disallow: /${'*a'.repeat(60)}*b$\n`.repeat(4000)}`.slice(0, 512 * 1024);

  it('is read once and checks a 2,000-character URL in milliseconds', () => {
    const allows = readRobots(hostile);
    const path = `/${'a'.repeat(2000)}`;
    let slowest = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect(allows(path)).toBe(true);
      slowest = Math.max(slowest, performance.now() - started);
    }
    expect(slowest).toBeLessThan(200);
    expect(allows(`/${'a'.repeat(120)}b`)).toBe(false);
  });

  it('reads at most RULES_MAX rules, each at most PATTERN_MAX characters', () => {
    const many = `User-agent: *\n${Array.from({ length: RULES_MAX + 5 }, (_, i) => `Disallow: /p${i}/\n`).join('')}`;
    const allows = readRobots(many);
    expect(allows(`/p${RULES_MAX - 1}/`)).toBe(false);
    expect(allows(`/p${RULES_MAX + 1}/`)).toBe(true);
    const long = readRobots(`User-agent: *\nDisallow: /${'x'.repeat(PATTERN_MAX)}\nDisallow: /y\n`);
    expect(long(`/${'x'.repeat(PATTERN_MAX)}`)).toBe(true);
    expect(long('/y')).toBe(false);
  });

  it('matches as the RFC says: pieces in order, `$` at the end', () => {
    const allows = readRobots('User-agent: *\nDisallow: /a*b*c$\nDisallow: /x*y\nDisallow: /exact$\n');
    expect([allows('/a-b-c'), allows('/abc'), allows('/a-c-b'), allows('/a-b-c-d')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect([allows('/x1y2'), allows('/xy'), allows('/x')]).toEqual([false, false, true]);
    expect([allows('/exact'), allows('/exactly')]).toEqual([false, true]);
  });
});
