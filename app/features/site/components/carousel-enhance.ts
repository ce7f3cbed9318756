import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

// The carousel's behaviour, in plain DOM code, run by the enhancement module on every page.

/** The options a carousel's markup carries in its `data-carousel` attribute (JSON). */
export type CarouselOptions = {
  loop: boolean;
  /** Embla duration (see DURATION_ABOUT_500_MS in carousel.tsx). */
  duration: number;
  align: "start" | "center";
  /** Milliseconds between automatic moves; absent for no autoplay. */
  autoplayDelay?: number;
};

/** Marks a carousel in the markup; its value is the options, as JSON (see carousel.tsx). */
const CAROUSEL_ATTRIBUTE = "data-carousel";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Turns the server-rendered carousel markup (a native scroll row) into an Embla carousel:
 * previous/next buttons and arrow keys, autoplay paused on hover and focus and off for people who
 * prefer reduced motion, the pause button, and off-screen slides made inert.
 */
function enhanceCarousel(root: HTMLElement, options: CarouselOptions): void {
  const viewport = root.querySelector<HTMLElement>(".carousel__viewport");
  const container = root.querySelector<HTMLElement>(".carousel__container");
  if (!viewport || !container) return;
  const slides = Array.from(container.querySelectorAll<HTMLElement>(":scope > .carousel__slide"));
  const pauseButton = root.querySelector<HTMLButtonElement>(".carousel__button--pause");
  const motionQuery = window.matchMedia(REDUCED_MOTION);

  let embla: EmblaCarouselType | undefined;
  let autoplay = false;
  let paused = false;
  let hovered = false;
  let focused = false;
  let frame = 0;

  const autoplayApi = () => embla?.plugins()?.autoplay;

  function updateInView() {
    if (!embla) return;
    // Slides out of view are inert so Tab never lands on something off screen.
    const inView = embla.slidesInView();
    slides.forEach((slide, index) => (slide.inert = !inView.includes(index)));
  }

  function syncAutoplay() {
    const plugin = autoplayApi();
    // Autoplay stays uninitialised when everything fits in view (one snap): nothing to play.
    if (!plugin || !embla || embla.scrollSnapList().length <= 1) return;
    if (paused || hovered || focused) plugin.stop();
    else if (!plugin.isPlaying()) plugin.play();
  }

  function renderPauseState() {
    // Moving content is announced only while it does not move by itself.
    container!.setAttribute("aria-live", autoplay && !paused ? "off" : "polite");
    if (!pauseButton) return;
    // WCAG 2.2.2: anything that moves by itself can be paused.
    pauseButton.hidden = !autoplay;
    pauseButton.setAttribute("aria-pressed", String(paused));
    const icon = pauseButton.querySelector("[aria-hidden]");
    if (icon) icon.textContent = paused ? "▶" : "❚❚";
  }

  function start() {
    const reducedMotion = motionQuery.matches;
    autoplay = options.autoplayDelay !== undefined && !reducedMotion;
    embla = EmblaCarousel(
      viewport!,
      {
        loop: options.loop,
        duration: reducedMotion ? 10 : options.duration,
        slidesToScroll: 1,
        align: options.align,
        // A slide counts as shown when most of it is; slivers at the edges stay inert.
        inViewThreshold: 0.6,
      },
      autoplay
        ? [
            // Pausing on hover and focus is handled here for the whole region, buttons included.
            Autoplay({
              delay: options.autoplayDelay,
              stopOnInteraction: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ]
        : [],
    );
    // A visitor may have scrolled the native row before this ran; Embla moves by transform.
    viewport!.scrollLeft = 0;
    embla.on("slidesInView", updateInView).on("reInit", updateInView);
    // Embla's first "slidesInView" may fire before the listener is added: read it once more.
    frame = requestAnimationFrame(updateInView);
    renderPauseState();
    syncAutoplay();
  }

  function stop() {
    cancelAnimationFrame(frame);
    embla?.destroy();
    embla = undefined;
  }

  function move(direction: "prev" | "next") {
    if (direction === "prev") embla?.scrollPrev();
    else embla?.scrollNext();
    autoplayApi()?.reset();
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest(".carousel__button");
    if (!button || !root.contains(button)) return;
    if (button.classList.contains("carousel__button--prev")) move("prev");
    else if (button.classList.contains("carousel__button--next")) move("next");
    else if (button === pauseButton) {
      paused = !paused;
      renderPauseState();
      syncAutoplay();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.target as Element).closest("input, textarea, select")) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    move(event.key === "ArrowLeft" ? "prev" : "next");
  };
  const onPointer = (value: boolean) => () => {
    hovered = value;
    syncAutoplay();
  };
  const onMouseEnter = onPointer(true);
  const onMouseLeave = onPointer(false);
  const onFocusIn = () => {
    focused = true;
    syncAutoplay();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    syncAutoplay();
  };
  const onMotionChange = () => {
    stop();
    start();
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeyDown);
  root.addEventListener("mouseenter", onMouseEnter);
  root.addEventListener("mouseleave", onMouseLeave);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  motionQuery.addEventListener("change", onMotionChange);
  // The native row was focusable for keyboard scrolling; Embla's buttons and keys replace that.
  viewport.removeAttribute("tabindex");
  root.classList.add("carousel--ready");
  start();
}

/** Enhances every carousel in `scope` (the enhancement module's entry point for carousels). */
export function enhanceCarousels(scope: ParentNode = document): void {
  for (const root of scope.querySelectorAll<HTMLElement>(`[${CAROUSEL_ATTRIBUTE}]`)) {
    enhanceCarousel(root, JSON.parse(root.getAttribute(CAROUSEL_ATTRIBUTE) ?? "{}") as CarouselOptions);
  }
}
