// Sitemap XML on its own; fetching, gzip and the site check are in crawl.test.ts.
import { expect, it } from 'vitest';
import { parseSitemap } from './sitemap.ts';

it('parseSitemap: locs of a urlset, entities and CDATA decoded, extension entries left out', () => {
  expect(
    parseSitemap(
      '<urlset><url><loc>https://x.test/?a=1&amp;b=&#50;</loc><image:loc>https://x.test/i.jpg</image:loc></url><url><loc><![CDATA[https://x.test/c]]></loc></url></urlset>',
    ),
  ).toEqual({ kind: 'urlset', locs: ['https://x.test/?a=1&b=2', 'https://x.test/c'] });
  expect(parseSitemap('<html><body>no</body></html>')).toBeNull();
});

it('parseSitemap: an entity named like an Object.prototype member is left as it is', () => {
  expect(
    parseSitemap('<urlset><url><loc>https://x.test/?a=&constructor;&toString;&__proto__;</loc></url></urlset>'),
  ).toEqual({ kind: 'urlset', locs: ['https://x.test/?a=&constructor;&toString;&__proto__;'] });
});
