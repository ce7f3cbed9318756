// The header menu's behaviour, in plain DOM code, run by the enhancement module on every page.
//
// Without JavaScript CSS does the work (site-header.css): the toggle is a link to #site-menu that
// opens the menu with :target, and the 'Page' dropdown opens with :hover/:focus-within. Marking
// the header `site-header--enhanced` hands both over to this code, which adds what CSS cannot:
// aria-expanded, Escape to close, one dropdown open at a time, arrow keys in a dropdown.

export function enhanceSiteHeader(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLAnchorElement>(".site-header__toggle");
  const menuId = toggle?.hash.slice(1) ?? "";
  const dropdowns = Array.from(header.querySelectorAll<HTMLLIElement>(".site-nav__dropdown"));
  const trigger = (item: HTMLLIElement) => item.querySelector<HTMLButtonElement>(".site-nav__trigger");
  const links = (item: HTMLLIElement) =>
    Array.from(item.querySelectorAll<HTMLAnchorElement>(".site-nav__sublink"));
  // Set when hover or focus opened a dropdown, so the click that usually follows keeps it open.
  let openedImplicitly = false;
  // Set while Escape hands focus back to the trigger, which must not reopen what it just closed.
  let returningFocus = false;

  const isOpen = (item: HTMLLIElement) => item.classList.contains("is-open");
  const menuOpen = () => header.classList.contains("site-header--open");

  function setMenuOpen(open: boolean) {
    header.classList.toggle("site-header--open", open);
    toggle?.setAttribute("aria-expanded", String(open));
  }

  function setDropdownOpen(item: HTMLLIElement, open: boolean) {
    // One open at a time.
    if (open) for (const other of dropdowns) if (other !== item) setDropdownOpen(other, false);
    item.classList.toggle("is-open", open);
    trigger(item)?.setAttribute("aria-expanded", String(open));
  }

  function openImplicitly(item: HTMLLIElement) {
    if (isOpen(item)) return;
    openedImplicitly = true;
    setDropdownOpen(item, true);
  }

  function closeAll() {
    setMenuOpen(false);
    for (const item of dropdowns) setDropdownOpen(item, false);
  }

  function focusLink(item: HTMLLIElement, index: number) {
    const all = links(item);
    if (all.length) all[(index + all.length) % all.length]?.focus();
  }

  function on<K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) {
    target.addEventListener(type, listener);
  }

  if (toggle) {
    // The toggle is a link for the no-JavaScript path; from here on it is a button.
    toggle.setAttribute("role", "button");
    toggle.setAttribute("aria-controls", menuId);
    toggle.setAttribute("aria-expanded", "false");
    on(toggle, "click", (event) => {
      event.preventDefault();
      setMenuOpen(!menuOpen());
    });
    on(toggle, "keydown", (event) => {
      // As a button it also answers Space.
      if (event.key !== " ") return;
      event.preventDefault();
      setMenuOpen(!menuOpen());
    });
  }

  on(header, "keydown", (event) => {
    // A dropdown's own Escape (below) runs first and marks the event handled.
    if (event.key === "Escape" && !event.defaultPrevented && menuOpen()) setMenuOpen(false);
  });

  // Following a menu link closes the menus (an in-page link leaves the header on screen).
  on(header, "click", (event) => {
    if ((event.target as Element).closest(".site-nav__link[href], .site-nav__sublink")) closeAll();
  });

  for (const item of dropdowns) {
    const button = trigger(item);
    on(item, "pointerenter", (event) => {
      if (event.pointerType === "mouse") openImplicitly(item);
    });
    on(item, "pointerleave", (event) => {
      if (event.pointerType === "mouse") setDropdownOpen(item, false);
    });
    on(item, "focusout", (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) setDropdownOpen(item, false);
    });
    on(item, "keydown", (event) => {
      if (event.key === "Escape" && isOpen(item)) {
        event.preventDefault();
        setDropdownOpen(item, false);
        returningFocus = true;
        button?.focus();
        returningFocus = false;
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const down = event.key === "ArrowDown";
        const current = links(item).indexOf(document.activeElement as HTMLAnchorElement);
        setDropdownOpen(item, true);
        // Opening shows the links on the next frame; focusing a hidden link would fail.
        requestAnimationFrame(() =>
          focusLink(item, current === -1 ? (down ? 0 : -1) : current + (down ? 1 : -1)),
        );
      }
    });
    if (!button) continue;
    on(button, "focus", () => {
      // Keyboard focus opens the menu; a mouse click is handled below.
      if (!returningFocus && button.matches(":focus-visible")) openImplicitly(item);
    });
    on(button, "click", () => {
      if (openedImplicitly && isOpen(item)) {
        openedImplicitly = false;
        return;
      }
      openedImplicitly = false;
      setDropdownOpen(item, !isOpen(item));
    });
  }

  header.classList.add("site-header--enhanced");
}
