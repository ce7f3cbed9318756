import { parseEnv } from "~/shared/env.server.ts";
import type { SyncSettings } from "./channel-sync.server.ts";

/**
 * How often feeds are read and how long a missing event keeps its nights (CHANNEL_SYNC_MINUTES,
 * CHANNEL_RELEASE_GRACE_MINUTES in app/shared/env.server.ts): the worker gets them from the
 * server's parsed environment; the console's page reads the same variables once, here.
 */
let settings: (SyncSettings & { intervalMinutes: number }) | undefined;

export function channelSettings(): SyncSettings & { intervalMinutes: number } {
  if (!settings) {
    const env = parseEnv();
    settings = { intervalMinutes: env.CHANNEL_SYNC_MINUTES, graceMinutes: env.CHANNEL_RELEASE_GRACE_MINUTES };
  }
  return settings;
}
