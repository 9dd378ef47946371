// How knap steps ask the model: one call with a task prompt and JSON input, the answer read
// tolerantly and checked against the step's schema; long lists go in chunks merged by row id.
import { ERR, KNAP_DETAIL } from '@knap/contracts';
import { generateText } from 'ai';
import type { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { extractJson, parseModelJson } from '../../platform/llm/json-output.js';
import { promptFor, type TaskPrompt } from '../../platform/llm/tasks.js';
import { type ModelMeter, meteredModelCall } from '../credits/service.js';

/** Lists longer than this go to the model in pieces of this many rows. */
export const CHUNK_ROWS = 100;

export interface Log {
  warn(obj: object, msg: string): void;
}

/** What a knap step's processing works with. */
export interface KnapContext {
  deps: AppDeps;
  log: Log;
  user: UserRow;
  /** The step's model work: charged once, however many calls it makes. */
  meter: ModelMeter;
  /** YYYY-MM-DD by the app's clock. */
  today: string;
  /** A component's stored data, or 409 asking to finish that step first. */
  stored<S extends z.ZodType>(componentId: string, schema: S): Promise<z.infer<S>>;
}

/**
 * The model's answer as `schema`: JSON text (bare, fenced or among words), or the same wrapped as
 * `{"enhanced_insights": ...}` holding an object or JSON text. Null when it is none of these.
 */
export function readInsights<S extends z.ZodType>(output: string, schema: S): z.infer<S> | null {
  const direct = parseModelJson(output, schema);
  if (direct !== null) return direct;
  const wrapper = extractJson(output);
  if (wrapper && typeof wrapper === 'object' && 'enhanced_insights' in wrapper)
    return parseModelJson(wrapper.enhanced_insights, schema);
  return null;
}

/**
 * Asks the model under `task.meter`, through the credits gate (429 past the rate limit, 402 without
 * credits, charged when it answers); 502 when it does not answer, 422 when its answer cannot be read.
 */
export async function askModel<S extends z.ZodType>(
  deps: AppDeps,
  log: Log,
  task: { meter: ModelMeter; prompt: TaskPrompt; input: unknown },
  schema: S,
): Promise<z.infer<S>> {
  const text = await meteredModelCall(deps, task.meter, async () => {
    try {
      return (
        await generateText({
          model: deps.llm,
          ...promptFor(task.prompt),
          prompt: JSON.stringify(task.input),
          maxRetries: deps.config.llm.maxRetries,
          abortSignal: AbortSignal.timeout(deps.config.llm.timeoutMs * 2),
        })
      ).text;
    } catch (err) {
      log.warn({ err }, 'knap model call failed');
      throw new HttpError(502, KNAP_DETAIL.modelNoAnswer);
    }
  });
  const insights = readInsights(text, schema);
  if (insights === null) throw new HttpError(422, ERR.parseEnhancedInsights);
  return insights;
}

/**
 * Runs `ask` over `rows` in chunks of CHUNK_ROWS and answers, for each row in order, the first
 * answer the model gave for its id in its own chunk, or null where it gave none: no row is lost or
 * doubled, whatever the model repeats, skips or makes up.
 */
export async function answerInChunks<Row extends { id: string }, Answer extends { id: string }>(
  rows: readonly Row[],
  ask: (chunk: readonly Row[]) => Promise<Answer[]>,
): Promise<Array<Answer | null>> {
  const answers = new Map<string, Answer>();
  // One chunk at a time: providers' rate limits are the usual bound, and the order stays predictable.
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS);
    const asked = new Set(chunk.map((row) => row.id));
    for (const answer of await ask(chunk))
      if (asked.has(answer.id) && !answers.has(answer.id)) answers.set(answer.id, answer);
  }
  return rows.map((row) => answers.get(row.id) ?? null);
}
