// Reading the embed codes: widget.js's data-chatbot, and the platform's chatpilotConfig /
// newoaksIframeConfig with a domain written any way people write it.
import { describe, expect, it } from 'vitest';
import { embedTarget, parlorOrigin, type ScriptInfo, serialOf } from './embed-config.ts';

const PAGE = 'https://www.example-realty.com/listings/12';
const script = (src: string, chatbot = '', mode = ''): ScriptInfo => ({ src, chatbot, mode });

describe('parlorOrigin', () => {
  const src = 'https://parlor.example.com/embed.min.js';

  it('takes the domain with or without a scheme, a trailing slash or a path', () => {
    for (const domain of [
      'https://parlor.example.com',
      'https://parlor.example.com/',
      'https://parlor.example.com/chat/',
      'parlor.example.com',
      'parlor.example.com/',
      ' //parlor.example.com ',
    ]) {
      expect(parlorOrigin(domain, src, PAGE), domain).toBe('https://parlor.example.com');
    }
    expect(parlorOrigin('http://127.0.0.1:8080/', src, PAGE)).toBe('http://127.0.0.1:8080');
  });

  it("gives a domain without a scheme the script's own scheme", () => {
    expect(parlorOrigin('127.0.0.1:8080', 'http://127.0.0.1:8080/embed.min.js', PAGE)).toBe('http://127.0.0.1:8080');
    expect(parlorOrigin('chat.example.com', 'https://cdn.example.net/embed.min.js', PAGE)).toBe(
      'https://chat.example.com',
    );
  });

  it("falls back to the script's origin when the domain is missing, mistyped or not http(s)", () => {
    for (const domain of [undefined, null, '', '   ', 42, 'javascript://alert(1)', 'https://exa mple.com']) {
      expect(parlorOrigin(domain, src, PAGE), String(domain)).toBe('https://parlor.example.com');
    }
    expect(parlorOrigin(undefined, '', PAGE)).toBe('https://www.example-realty.com');
  });
});

describe('embedTarget', () => {
  it("mounts widget.js's data-chatbot, in page mode when it says so", () => {
    const tag = script('https://parlor.example.com/widget.js', 'S1');
    expect(embedTarget(tag, undefined, null, PAGE)).toEqual({
      serial: 'S1',
      base: 'https://parlor.example.com',
      mode: 'bubble',
    });
    const page = script('/widget.js', 'S1', 'page');
    expect(embedTarget(page, undefined, null, 'https://parlor.example.com/chatbot-iframe/S1')).toEqual({
      serial: 'S1',
      base: 'https://parlor.example.com',
      mode: 'page',
    });
  });

  it("mounts the platform's chatpilotConfig from embed.min.js", () => {
    const current = script('https://parlor.example.com/embed.min.js');
    expect(embedTarget(current, { chatbotId: ' S2 ', domain: 'parlor.example.com/' }, null, PAGE)).toEqual({
      serial: 'S2',
      base: 'https://parlor.example.com',
      mode: 'bubble',
    });
    expect(embedTarget(current, { chatbotId: 7 }, null, PAGE)).toMatchObject({ serial: '7' });
  });

  it('prefers the running tag, then the config, then a widget.js tag elsewhere; none is null', () => {
    const tagged = script('https://other.example.com/widget.js', 'S3');
    const current = script('https://parlor.example.com/embed.min.js');
    expect(embedTarget(current, { chatbotId: 'S2' }, tagged, PAGE)?.serial).toBe('S2');
    expect(embedTarget(current, undefined, tagged, PAGE)).toMatchObject({
      serial: 'S3',
      base: 'https://other.example.com',
    });
    expect(embedTarget(current, { chatbotId: '' }, null, PAGE)).toBeNull();
    expect(embedTarget(null, { chatbotId: { id: 1 } }, null, PAGE)).toBeNull();
  });

  it('reads a serial number only from a string or a number', () => {
    expect(serialOf('abc')).toBe('abc');
    expect(serialOf(12)).toBe('12');
    expect(serialOf(undefined)).toBe('');
    expect(serialOf(['a'])).toBe('');
  });
});
