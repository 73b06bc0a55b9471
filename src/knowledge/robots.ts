// robots.txt (RFC 9309): which paths of a site ParlorBot may read. A parser of our own: the
// rules are small (groups, Allow/Disallow, longest match, `*` and `$`), no robots package is a
// dependency, and matching without regexes keeps a hostile robots.txt from stalling the worker.
//
// Reading robots.txt (once per origin per crawl) and what a missing one means is crawl-request.ts's
// part; this file only turns its text into rules.

/** A path (with its query) → whether robots.txt lets ParlorBot read it. */
export type RobotsRules = (path: string) => boolean;

/** The most rules of ParlorBot's groups read; later ones are ignored. */
export const RULES_MAX = 2000;
/** The longest pattern read; longer ones are ignored (a URL is at most a few thousand characters). */
export const PATTERN_MAX = 2048;

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
  // A URL is checked against every rule: their number and length are bounded (RULES_MAX,
  // PATTERN_MAX), far past what sites write, so that one check stays a few milliseconds.
  const rules = chosen
    .flatMap((g) => g.rules)
    .filter((r) => r.pattern.length <= PATTERN_MAX)
    .slice(0, RULES_MAX);
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
 * `$` anchors the end. The pieces between stars are found in turn, each at its first place
 * after the last (the leftmost place is always the right one when `*` is the only wildcard),
 * so a path is read about once per rule, whatever the pattern: with backtracking, a 512 KB
 * robots.txt of wildcard rules took 3.3 s per URL.
 */
function matchesRobots(rule: string, path: string): boolean {
  const anchored = rule.endsWith('$');
  const pieces = (anchored ? rule.slice(0, -1) : rule).split('*');
  const first = pieces[0] ?? '';
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i++) {
    const piece = pieces[i] ?? '';
    const found = path.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  const end = pieces[last] ?? '';
  if (anchored) return path.endsWith(end) && path.length - end.length >= at;
  return path.indexOf(end, at) >= 0;
}
