// The coming-soon service cards' behaviour, in plain DOM code, run by the enhancement module.
//
// Without JavaScript a coming-soon card is a link to ?soon={id}, and the server renders the
// 'To be added soon' notice under that card. With it, the click shows that notice in place.

/** Marks a services grid in the markup (see services-grid.tsx). */
const SERVICES_GRID_ATTRIBUTE = "data-services-grid";

/** Shows a coming-soon card's notice without a round trip. */
function enhanceServicesGrid(grid: HTMLElement): void {
  const slots = () => grid.querySelectorAll<HTMLElement>(".service-card__notice-slot");

  function onClick(event: MouseEvent) {
    const target = event.target as Element;
    const slot = target.closest<HTMLElement>(".service-card__notice-slot");
    if (slot && target.closest(".notice__close")) {
      // The slot keeps the notice, so the next click on the card can show it again.
      event.stopPropagation();
      slot.hidden = true;
      slot.closest(".services-grid__item")?.querySelector<HTMLElement>(".service-card")?.focus();
      return;
    }
    const card = target.closest<HTMLAnchorElement>("a.service-card--soon");
    if (!card || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const own = card.closest(".services-grid__item")?.querySelector(".service-card__notice-slot");
    // One notice at a time, under the card that was chosen.
    for (const other of slots()) other.hidden = other !== own;
  }

  grid.addEventListener("click", onClick);
}

/** Enhances every services grid in `scope`. */
export function enhanceServicesGrids(scope: ParentNode = document): void {
  for (const grid of scope.querySelectorAll<HTMLElement>(`[${SERVICES_GRID_ATTRIBUTE}]`))
    enhanceServicesGrid(grid);
}
