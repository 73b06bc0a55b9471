// The model catalogue's per-model options (PARLOR_MODELS inline or @file) and the provider
// key header, as loadConfig reads them: good values land in the config, anything else stops
// start-up with a message naming the variable.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const PROVIDER = { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
const models = (value: string) => loadConfig({ ...PROVIDER, PARLOR_MODELS: value }).models.slice(1);

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ ...PROVIDER, ...env });
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('loadConfig accepted it');
}

function file(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'parlor-models-')), 'models.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('PARLOR_MODELS options', () => {
  it('reads ;option=value pairs after a name, and keeps plain entries as before', () => {
    expect(
      models(
        '2=gpt-5;maxOutputTokens=2000;contextTokens=400000,3=deepseek-chat;vision=no;passReasoning=yes,9=llama3.1:8b',
      ),
    ).toEqual([
      { key: '2', name: 'gpt-5', engine: 'openai', options: { maxOutputTokens: 2000, contextTokens: 400000 } },
      { key: '3', name: 'deepseek-chat', engine: 'openai', options: { vision: false, passReasoning: true } },
      { key: '9', name: 'llama3.1:8b', engine: 'openai' },
    ]);
  });

  it('numbers unkeyed entries as before', () => {
    expect(models('gpt-4o-mini;temperature=false,gpt-4o').map((m) => [m.key, m.name, m.options])).toEqual([
      ['1', 'gpt-4o-mini', { temperature: false }],
      ['2', 'gpt-4o', undefined],
    ]);
  });

  it('takes the same options from a JSON file it names with @', () => {
    const path = file([
      { key: '2', name: 'gpt-5', temperature: false, maxTokensParam: 'max_completion_tokens', maxOutputTokens: 900 },
      { key: 7, name: 'mistral-small-latest', vision: true, contextTokens: 32000 },
      { name: 'phi4' },
    ]);
    expect(models(`@${path}`)).toEqual([
      {
        key: '2',
        name: 'gpt-5',
        engine: 'openai',
        options: { temperature: false, maxTokensParam: 'max_completion_tokens', maxOutputTokens: 900 },
      },
      { key: '7', name: 'mistral-small-latest', engine: 'openai', options: { vision: true, contextTokens: 32000 } },
      { key: '3', name: 'phi4', engine: 'openai' },
    ]);
  });

  it.each([
    [
      '2=gpt-5;temprature=false',
      'PARLOR_MODELS: "2": unknown option "temprature" (known: temperature, maxTokensParam, maxOutputTokens, passReasoning, vision, contextTokens)',
    ],
    ['2=gpt-5;vision=maybe', 'PARLOR_MODELS: "2": vision must be true or false, got "maybe"'],
    [
      '2=gpt-5;maxTokensParam=max_output',
      'PARLOR_MODELS: "2": maxTokensParam must be max_tokens or max_completion_tokens, got "max_output"',
    ],
    ['2=gpt-5;contextTokens=12k', 'PARLOR_MODELS: "2": contextTokens must be an integer ≥ 256, got "12k"'],
    ['2=gpt-5;vision', 'PARLOR_MODELS: "2=gpt-5;vision": option "vision" needs a value (option=value)'],
    ['2=gpt-5,2=gpt-4o', 'PARLOR_MODELS: duplicate key "2"'],
  ])('stops start-up on %s', (value, message) => {
    const e = failure({ PARLOR_MODELS: value });
    expect(e.variable).toBe('PARLOR_MODELS');
    expect(e.message).toBe(message);
  });

  it('stops start-up on an unknown option, a bad entry or an unreadable file', () => {
    const unknown = failure({ PARLOR_MODELS: `@${file([{ key: '2', name: 'gpt-5', reasoning: true }])}` });
    expect(unknown.message).toMatch(/^PARLOR_MODELS: .*models\.json: entry 1: unknown option "reasoning"/);
    expect(failure({ PARLOR_MODELS: `@${file({ key: '2' })}` }).message).toMatch(/must be a JSON array/);
    expect(failure({ PARLOR_MODELS: `@${file('[{"key": "2", "name": ')}` }).message).toMatch(
      /^PARLOR_MODELS: cannot read the models file .*models\.json/,
    );
    expect(failure({ PARLOR_MODELS: '@/nonexistent/models.json' }).message).toMatch(/cannot read the models file/);
  });
});

describe('OPENAI_API_KEY_HEADER', () => {
  it('is authorization by default, api-key for Azure', () => {
    expect(loadConfig(PROVIDER).openai.keyHeader).toBe('authorization');
    expect(loadConfig({ ...PROVIDER, OPENAI_API_KEY_HEADER: 'api-key' }).openai.keyHeader).toBe('api-key');
  });

  it('stops start-up on anything else', () => {
    const e = failure({ OPENAI_API_KEY_HEADER: 'x-api-key' });
    expect(e.message).toBe('OPENAI_API_KEY_HEADER: must be "authorization" or "api-key", got "x-api-key"');
  });
});
