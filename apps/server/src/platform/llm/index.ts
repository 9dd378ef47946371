// The language model chosen by config: OpenAI, Anthropic, any OpenAI-compatible server (Ollama,
// vLLM, LM Studio, llama.cpp), or the built-in demo model. OpenAI's streams are read in one pass
// (openai-chat-stream.ts); the others read the model's events through `coalescingFetch`: text
// deltas that arrive together are read as one (coalesce.ts).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { LlmConfig } from '../../config.js';
import { coalescingFetch } from './coalesce.js';
import { DemoLanguageModel, type DemoScript } from './demo-model.js';
import { OpenAIChatStreamModel } from './openai-chat-stream.js';

/** The model `config` names; the demo model answers from `demoScript` (it has no other words). */
export function createLanguageModel(
  config: LlmConfig,
  options: { demoScript?: DemoScript; demoTokenDelayMs?: number } = {},
): LanguageModelV3 {
  switch (config.provider) {
    case 'openai':
      return new OpenAIChatStreamModel(
        createOpenAI({
          apiKey: config.apiKey,
          fetch: coalescingFetch(),
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        }).chat(config.model),
      );
    case 'anthropic':
      return createAnthropic({
        apiKey: config.apiKey,
        fetch: coalescingFetch(),
        ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
      })(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl ?? '',
        fetch: coalescingFetch(),
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      }).chatModel(config.model);
    case 'demo':
      if (!options.demoScript) throw new Error('The demo model needs its script (demo-script.ts)');
      return new DemoLanguageModel({
        script: options.demoScript,
        tokenDelayMs: options.demoTokenDelayMs ?? 12,
      });
  }
}
