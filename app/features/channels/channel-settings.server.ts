import { createContext } from "react-router";

export interface ChannelSettings {
  /** How often each feed is read (CHANNEL_SYNC_MINUTES). */
  intervalMinutes: number;
  /** How long an event may be missing from a feed that answers before its nights are released. */
  graceMinutes: number;
}

/**
 * CHANNEL_SYNC_MINUTES and CHANNEL_RELEASE_GRACE_MINUTES as the server parsed them at start
 * (server/app.ts): the import worker and the console's page read the same values.
 */
export const channelSettingsContext = createContext<ChannelSettings>();
