import { useEffect, useRef } from "react";
import { loadRouteData } from "~/shared/islands/route-data.ts";

/** How long the fields must stay still before the page's data is asked for again. */
const DEBOUNCE_MS = 300;

/**
 * Data of the page's loader that follows what the guest types (the rooms free for the dates, the
 * venues free on a day): asked for shortly after the fields stop changing; only the answer to
 * the latest question lands. On failure nothing changes: the server checks again on sending.
 */
export function useLoaderFollowing<T>(routeId: string) {
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    /** Asks the page at `address` (null: nothing worth asking yet) and hands its data to `onData`. */
    follow(address: string | null, onData: (data: T) => void) {
      clearTimeout(timer.current);
      // A question asked before the fields changed again is answered for what they were: its
      // answer no longer lands, even if it comes before the next question is asked.
      const ask = ++asked.current;
      if (address === null) return;
      timer.current = setTimeout(async () => {
        const answer = await loadRouteData<T>(address, routeId);
        if (answer && ask === asked.current) onData(answer.data);
      }, DEBOUNCE_MS);
    },
    /** Drops the question under way: an answer to the form has the newer list. */
    cancel() {
      asked.current += 1;
      clearTimeout(timer.current);
    },
  };
}
