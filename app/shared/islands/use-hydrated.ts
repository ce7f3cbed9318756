import { useEffect, useSyncExternalStore, type RefObject } from "react";

const subscribe = () => () => {};

/**
 * False in the server's render and while React takes over the server's markup, true once an
 * island is live: for what only makes sense with JavaScript (hiding a no-JavaScript fallback).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Once an island's form is live, hands `read` what the guest typed or chose before (the fields
 * keep it through hydration), for the state that follows the fields (estimates, lists).
 */
export function useFieldsOnceLive(
  formRef: RefObject<HTMLFormElement | null>,
  read: (fields: FormData, form: HTMLFormElement) => void,
) {
  useEffect(() => {
    const form = formRef.current;
    if (form) read(new FormData(form), form);
    // Once, when the form becomes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
