// The per-model defaults of the well-known families, and the catalogue's options over them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT_TOKENS, familyDefaults, modelOptions } from './models.ts';

describe('familyDefaults', () => {
  it('gpt-5 and the o-series: no temperature, max_completion_tokens', () => {
    for (const name of ['gpt-5', 'gpt-5-mini', 'o3', 'o4-mini', 'openai/o3-mini', 'azure/gpt-5-nano']) {
      expect(familyDefaults(name), name).toMatchObject({ temperature: false, maxTokensParam: 'max_completion_tokens' });
    }
    expect(familyDefaults('gpt-5').contextTokens).toBe(400_000);
    expect(familyDefaults('o3-mini').vision).toBe(false);
  });

  it('gpt-4o and gpt-4.1 take a temperature and max_completion_tokens, see images', () => {
    expect(familyDefaults('gpt-4o-mini')).toEqual({
      temperature: true,
      maxTokensParam: 'max_completion_tokens',
      maxOutputTokens: null,
      passReasoning: false,
      vision: true,
      contextTokens: 128_000,
    });
    expect(familyDefaults('gpt-4.1').contextTokens).toBe(1_047_576);
  });

  it('DeepSeek: reasoning passed back, no images, max_tokens', () => {
    for (const name of ['deepseek-reasoner', 'deepseek-chat', 'deepseek/deepseek-r1']) {
      expect(familyDefaults(name), name).toMatchObject({
        temperature: true,
        maxTokensParam: 'max_tokens',
        passReasoning: true,
        vision: false,
        contextTokens: 128_000,
      });
    }
  });

  it('other families by name; unknown models keep the old behaviour with a small window', () => {
    expect(familyDefaults('claude-sonnet-4-5')).toMatchObject({
      temperature: true,
      vision: true,
      contextTokens: 200_000,
    });
    expect(familyDefaults('anthropic/claude-sonnet-4').contextTokens).toBe(200_000);
    expect(familyDefaults('mistral-large-latest')).toMatchObject({
      maxTokensParam: 'max_tokens',
      contextTokens: 128_000,
    });
    expect(familyDefaults('grok-3-mini').contextTokens).toBe(131_072);
    expect(familyDefaults('my-local-model')).toEqual({
      temperature: true,
      maxTokensParam: 'max_tokens',
      maxOutputTokens: null,
      passReasoning: false,
      vision: true,
      contextTokens: DEFAULT_CONTEXT_TOKENS,
    });
  });
});

describe('modelOptions', () => {
  it('the catalogue wins over the family', () => {
    expect(modelOptions('gpt-5', { temperature: true, contextTokens: 1000 })).toMatchObject({
      temperature: true,
      maxTokensParam: 'max_completion_tokens',
      contextTokens: 1000,
    });
    expect(modelOptions('deepseek-reasoner', { passReasoning: false }).passReasoning).toBe(false);
  });
});
