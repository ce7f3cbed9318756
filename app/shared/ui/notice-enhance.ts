// Notices (app/shared/ui/notice.tsx) can be dismissed with JavaScript: one listener for the page,
// so notices that arrive later with a form's answer are dismissable too.
export function enhanceNotices(document: Document) {
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest(".notice__close") : null;
    const notice = button?.closest(".notice");
    if (!notice) return;
    // Focus would be lost with the notice: give it to the form or section the notice was in.
    const home = notice.parentElement?.closest<HTMLElement>("form, section, dialog");
    // React owns what is in an island: hide the notice there (the next answer is a new one).
    if (notice.closest("[data-island]")) notice.setAttribute("hidden", "");
    else notice.remove();
    if (home) {
      home.tabIndex = home.tabIndex >= 0 ? home.tabIndex : -1;
      home.focus();
    }
  });
}
