import { describe, expect, it } from 'vitest';
import { absoluteMediaUrls, relativeMediaUrl } from './absolute-media';

const origin = 'https://oja.example.ng';

describe('absolute media URLs in a JSON reply', () => {
  it('prefixes every string value that starts with /media/, in objects and arrays', () => {
    const reply = JSON.stringify({
      primaryImage: '/media/images/a.webp',
      images: ['/media/images/a.webp', '/media/images/b.webp'],
      media: [{ url: '/media/images/a.webp', variants: [{ width: 320, url: '/media/images/a-320.webp' }] }],
    });
    expect(JSON.parse(absoluteMediaUrls(reply, origin))).toEqual({
      primaryImage: `${origin}/media/images/a.webp`,
      images: [`${origin}/media/images/a.webp`, `${origin}/media/images/b.webp`],
      media: [
        {
          url: `${origin}/media/images/a.webp`,
          variants: [{ width: 320, url: `${origin}/media/images/a-320.webp` }],
        },
      ],
    });
  });

  it('reads the JSON PostgreSQL writes, with spaces around its colons and commas', () => {
    const reply =
      '{"images" : [ "/media/a.webp",\n\t"/media/b.webp"], "user" : {"picture" : "/media/p.webp"}}';
    expect(JSON.parse(absoluteMediaUrls(reply, 'https://x.example/$&$1'))).toEqual({
      images: ['https://x.example/$&$1/media/a.webp', 'https://x.example/$&$1/media/b.webp'],
      user: { picture: 'https://x.example/$&$1/media/p.webp' },
    });
  });

  it('rewrites URLs back to back, and not a quote escaped inside a string or a text that is only a string', () => {
    expect(absoluteMediaUrls('["/media/a","/media/b"]', origin)).toBe(
      `["${origin}/media/a","${origin}/media/b"]`,
    );
    const quoted = JSON.stringify({ title: 'Said: "/media/x"', tags: ['\\"/media/y'] });
    expect(absoluteMediaUrls(quoted, origin)).toBe(quoted);
    expect(absoluteMediaUrls('"/media/x"', origin)).toBe('"/media/x"');
  });

  it('leaves text that only mentions /media/, other hosts and absolute URLs as they are', () => {
    const reply = JSON.stringify({
      description: 'Pictures at "/media/x.webp" and /media/y.webp',
      title: '"/media/',
      cloud: 'https://res.cloudinary.com/demo/image/upload/a.webp',
      own: `${origin}/media/images/a.webp`,
      path: '/api/media/upload-signature',
    });
    expect(absoluteMediaUrls(reply, origin)).toBe(reply);
  });

  it('reads an absolute URL of our own media back in its stored form', () => {
    expect(relativeMediaUrl(`${origin}/media/images/a.webp`, origin)).toBe('/media/images/a.webp');
    expect(relativeMediaUrl('/media/images/a.webp', origin)).toBe('/media/images/a.webp');
    expect(relativeMediaUrl('https://elsewhere.example/media/a.webp', origin)).toBe(
      'https://elsewhere.example/media/a.webp',
    );
  });
});
