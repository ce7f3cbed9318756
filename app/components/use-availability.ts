import { useEffect, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";

/** How long the dates must stay still before the list is asked for again. */
const DEBOUNCE_MS = 300;

/**
 * Loads `url` (a GET of the page's own loader with the chosen dates) shortly after it stops
 * changing, so a room list follows the dates by itself. `null`, or the address the page was
 * rendered for, loads nothing: the page's own data already answers it.
 */
export function useDebouncedLoad<T>(url: string | null, renderedFor: string | null) {
  const fetcher = useFetcher<T>();
  const { load } = fetcher;
  useEffect(() => {
    if (url === null || url === renderedFor) return;
    const timer = setTimeout(() => void load(url), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [url, renderedFor, load]);
  // Once the guest has gone back to the rendered dates, the page's own data is the answer again.
  const current = url !== null && url !== renderedFor;
  return { data: current ? fetcher.data : undefined, loading: current && fetcher.state === "loading" };
}

const subscribeToNothing = () => () => {};

/** False on the server and before hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
