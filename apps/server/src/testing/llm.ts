// The LLM config and model of a real AI SDK provider pointed at a loopback fake.
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FakeLlm } from '@knap/fakes';
import type { LlmConfig } from '../config.js';
import { createLanguageModel } from '../platform/llm/index.js';

export function fakeLlm(
  fake: FakeLlm,
  options: { provider?: LlmConfig['provider']; timeoutMs?: number; images?: boolean } = {},
): { config: LlmConfig; model: LanguageModelV3 } {
  const config: LlmConfig = {
    provider: options.provider ?? 'openai',
    model: 'fake-model',
    apiKey: 'test-key',
    baseUrl: fake.baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: 0,
    images: options.images ?? options.provider !== 'openai-compatible',
  };
  return { config, model: createLanguageModel(config) };
}
