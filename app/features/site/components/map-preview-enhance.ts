// 'Load map' (app/features/site/components/map-preview.tsx): the button needs JavaScript, so only the script
// shows it; a click puts the map's frame, kept in a template until then, in the placeholder's place.
export function enhanceMapPreviews(root: ParentNode) {
  for (const preview of root.querySelectorAll<HTMLElement>("[data-map-preview]")) {
    const button = preview.querySelector<HTMLButtonElement>("[data-load-map]");
    const frame = preview.querySelector<HTMLTemplateElement>("template[data-map-frame]");
    const placeholder = button?.closest(".map-preview__placeholder");
    if (!button || !frame || !placeholder) continue;
    button.hidden = false;
    button.addEventListener("click", () => placeholder.replaceWith(frame.content.cloneNode(true)), {
      once: true,
    });
  }
}
