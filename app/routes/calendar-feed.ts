// /calendar/<token>.ics: a room's held nights as an iCalendar feed for the channels that sell it
// (decisions.md 36, docs/channels.md). The token is the room's secret; rotating it ends this one.
import { roomFeedResponse } from "~/features/channels/feed-response.server.ts";
import { getDb, siteOriginContext } from "~/shared/context.server.ts";
import type { Route } from "./+types/calendar-feed";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return roomFeedResponse(() => getDb(context), request, {
    file: params.file,
    siteOrigin: context.get(siteOriginContext),
  });
}
