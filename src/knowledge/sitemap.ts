// A sitemap's XML (sitemaps.org protocol) to the URLs it lists. Fetching it, unpacking a gzip
// one and deciding which entries to read are crawl.ts's part.

/** A urlset lists pages; a sitemap index lists further sitemaps. */
export type Sitemap = { kind: 'urlset' | 'sitemapindex'; locs: string[] };

/**
 * The <loc> entries of a urlset or sitemap index, or null when the XML is neither. Regexes
 * rather than an HTML parser: only unprefixed <loc> counts, so <image:loc> and other extension
 * entries are left out; every pattern runs in linear time on a hostile 20 MB document.
 */
export function parseSitemap(xml: string): Sitemap | null {
  const text = withoutComments(xml);
  const root = /<(urlset|sitemapindex)[\s/>]/i.exec(text);
  if (!root) return null;
  const locs: string[] = [];
  for (const m of text.matchAll(/<loc\s*>(?:\s*<!\[CDATA\[([^\]<]*)\]\]>\s*|([^<]*))<\/loc\s*>/gi)) {
    const loc = decodeXml(m[1] ?? m[2] ?? '').trim();
    if (loc) locs.push(loc);
  }
  return { kind: root[1].toLowerCase() === 'urlset' ? 'urlset' : 'sitemapindex', locs };
}

function withoutComments(xml: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let open = xml.indexOf('<!--'); open >= 0; open = xml.indexOf('<!--', from)) {
    parts.push(xml.slice(from, open));
    const close = xml.indexOf('-->', open + 4);
    from = close < 0 ? xml.length : close + 3;
  }
  parts.push(xml.slice(from));
  return parts.join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    // Own properties only: `&constructor;` is no entity.
    if (name[0] !== '#') return Object.hasOwn(ENTITIES, name.toLowerCase()) ? ENTITIES[name.toLowerCase()] : whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
