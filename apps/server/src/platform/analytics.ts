// Product analytics: PostHog when POSTHOG_KEY is set, otherwise a log line. Never blocks a request.
import { PERFORMANCE_TIERS_MS, RESPONSE_SIZE_TIERS } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

export interface Analytics {
  capture(
    event: string,
    distinctId: string,
    properties: Record<string, unknown>,
    groups?: Record<string, string>,
  ): void;
}

export function createAnalytics(config: Config['analytics'], log: FastifyBaseLogger): Analytics {
  return {
    capture(event, distinctId, properties, groups) {
      if (!config.posthogKey) {
        log.info({ analytics: event, distinctId, ...properties, groups }, 'analytics event');
        return;
      }
      fetch(`${config.posthogHost.replace(/\/$/, '')}/capture/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          api_key: config.posthogKey,
          event,
          distinct_id: distinctId,
          properties: { ...properties, ...(groups ? { $groups: groups } : {}) },
          timestamp: new Date().toISOString(),
        }),
        signal: AbortSignal.timeout(5000),
      }).catch((err: unknown) => log.warn({ err, event }, 'analytics delivery failed'));
    },
  };
}

/** SPEC §9: fast < 3 s, medium < 8 s, slow < 15 s, else very_slow. */
export function performanceTier(ms: number): 'fast' | 'medium' | 'slow' | 'very_slow' {
  const t = PERFORMANCE_TIERS_MS;
  return ms < t.fast ? 'fast' : ms < t.medium ? 'medium' : ms < t.slow ? 'slow' : 'very_slow';
}

/** SPEC §9: short < 200, medium < 800, long < 2000, else very_long (characters). */
export function responseSizeTier(chars: number): 'short' | 'medium' | 'long' | 'very_long' {
  const t = RESPONSE_SIZE_TIERS;
  return chars < t.short ? 'short' : chars < t.medium ? 'medium' : chars < t.long ? 'long' : 'very_long';
}
