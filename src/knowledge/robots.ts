// robots.txt (RFC 9309): which paths of a site ParlorBot may read. A parser of our own: the
// rules are small (groups, Allow/Disallow, longest match, `*` and `$`), no robots package is a
// dependency, and matching without regexes keeps a hostile robots.txt from stalling the worker.
//
// Reading robots.txt (once per origin per crawl) and what a missing one means is crawl-request.ts's
// part; this file only turns its text into rules.

/** A path (with its query) → whether robots.txt lets ParlorBot read it. */
export type RobotsRules = (path: string) => boolean;

interface RobotsRule {
  allow: boolean;
  pattern: string;
}

/**
 * The rules robots.txt sets for ParlorBot: the groups naming it, or else the `*` groups
 * (combined when there are several). The longest matching pattern decides; Allow wins a tie.
 */
export function readRobots(text: string, agent = 'parlorbot'): RobotsRules {
  const groups: { agents: string[]; rules: RobotsRule[] }[] = [];
  let group: (typeof groups)[number] | null = null;
  let afterAgent = false;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const [key, ...rest] = line.replace(/#.*/, '').split(':');
    const field = key.trim().toLowerCase();
    const value = rest.join(':').trim();
    if (field === 'user-agent') {
      // Consecutive User-agent lines share one group; one after a rule starts the next.
      if (!group || !afterAgent) {
        group = { agents: [], rules: [] };
        groups.push(group);
      }
      group.agents.push(value.split(/[\s/]/)[0].toLowerCase());
      afterAgent = true;
    } else if ((field === 'allow' || field === 'disallow') && group) {
      // An empty Disallow allows everything, which is what no rule does too.
      if (value) group.rules.push({ allow: field === 'allow', pattern: normalizePath(value) });
      afterAgent = false;
    }
  }
  const named = groups.filter((g) => g.agents.includes(agent));
  const chosen = named.length > 0 ? named : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  return (path) => {
    let best: RobotsRule | null = null;
    const target = normalizePath(path);
    for (const rule of rules) {
      const longer = !best || rule.pattern.length > best.pattern.length;
      const tie = best !== null && rule.pattern.length === best.pattern.length && rule.allow;
      if ((longer || tie) && matchesRobots(rule.pattern, target)) best = rule;
    }
    return best?.allow ?? true;
  };
}

/** Percent-encodes what URLs encode and upper-cases escapes, so a rule and a path compare alike. */
function normalizePath(s: string): string {
  return s.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c)).replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());
}

/**
 * Whether a robots pattern matches the start of a path: `*` is any run of characters, a final
 * `$` anchors the end. Wildcard matching with one backtrack point: O(pattern × path) at worst.
 */
function matchesRobots(rule: string, path: string): boolean {
  const pattern = rule.endsWith('$') ? rule.slice(0, -1) : `${rule}*`;
  let p = 0;
  let s = 0;
  let star = -1;
  let mark = 0;
  while (s < path.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = s;
    } else if (p < pattern.length && pattern[p] === path[s]) {
      p++;
      s++;
    } else if (star >= 0) {
      p = star + 1;
      s = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
