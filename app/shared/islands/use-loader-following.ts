import { useEffect, useRef } from "react";
import { getJson, type IslandApi, type Query } from "~/shared/islands/island-api.ts";

/** How long the fields must stay still before the data is asked for again. */
const DEBOUNCE_MS = 300;

/**
 * Data of the island's loader (its JSON route) that follows what the guest types (the rooms free
 * for the dates, the venues free on a day): asked for shortly after the fields stop changing;
 * only the answer to the latest question lands. On failure nothing changes: the server checks
 * again on sending.
 */
export function useLoaderFollowing<T>(api: IslandApi<T, unknown>) {
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    /** Asks for `query` (null: nothing worth asking yet) and hands the data to `onData`. */
    follow(query: Query | null, onData: (data: T) => void) {
      clearTimeout(timer.current);
      // A question asked before the fields changed again is answered for what they were: its
      // answer no longer lands, even if it comes before the next question is asked.
      const ask = ++asked.current;
      if (query === null) return;
      timer.current = setTimeout(async () => {
        const data = await getJson(api, query);
        if (data !== null && ask === asked.current) onData(data);
      }, DEBOUNCE_MS);
    },
    /** Drops the question under way: an answer to the form has the newer list. */
    cancel() {
      asked.current += 1;
      clearTimeout(timer.current);
    },
  };
}
