import type { ImageAsset } from "~/content/images.ts";

// What `npm run images` (scripts/optimize-images.ts) made of the photographs in
// app/assets/photos/. Both globs are empty until the lodge adds a photograph, and then they
// hold only URLs (strings), so SVG-only pages pay nothing for this.
type Variant = { width: number; file: string };
type ManifestEntry = { width: number; height: number; variants: { avif: Variant[]; webp: Variant[] } };

const manifests = import.meta.glob<Record<string, ManifestEntry>>(
  "../assets/photos/generated/manifest.json",
  {
    eager: true,
    import: "default",
  },
);
const manifest: Record<string, ManifestEntry> = Object.values(manifests)[0] ?? {};
const generatedUrls = import.meta.glob<string>("../assets/photos/generated/*.{avif,webp}", {
  eager: true,
  query: "?url",
  import: "default",
});
const urlOf = (file: string) => generatedUrls[`../assets/photos/generated/${file}`];

/** 'pool-deck' from '/assets/pool-deck-B3x9_aZq.jpg' (build) or '/app/assets/photos/pool-deck.jpg' (dev). */
export function photoKey(src: string): string {
  const name = (src.split(/[?#]/)[0] ?? "").split("/").pop() ?? "";
  const stem = name.replace(/\.[^.]+$/, "");
  return stem in manifest ? stem : stem.replace(/-[\w-]{8}$/, "");
}

function srcSet(variants: readonly Variant[]): string | undefined {
  const entries = variants.flatMap((variant) => {
    const url = urlOf(variant.file);
    return url ? [`${url} ${variant.width}w`] : [];
  });
  return entries.length > 0 ? entries.join(", ") : undefined;
}

type ResponsiveImageProps = {
  image: ImageAsset;
  /** How wide the picture is drawn, for the browser's choice of file; the default is full width. */
  sizes?: string;
  /** The page's largest picture above the fold (its LCP): fetched first, never lazy. */
  priority?: boolean;
  className?: string;
};

/**
 * A picture with its intrinsic size (no layout shift) and the right loading hints. For a
 * photograph with generated variants it renders <picture> with AVIF and WebP srcsets and the
 * original as the fallback; for SVG artwork, a plain <img> (one file fits every width).
 */
export function ResponsiveImage({
  image,
  sizes = "100vw",
  priority = false,
  className,
}: ResponsiveImageProps) {
  const loading = priority
    ? ({ loading: "eager", fetchPriority: "high", decoding: "async" } as const)
    : ({ loading: "lazy", fetchPriority: "auto", decoding: "async" } as const);
  const img = (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      {...loading}
    />
  );
  const entry = image.src.endsWith(".svg") ? undefined : manifest[photoKey(image.src)];
  if (!entry) return img;
  const avif = srcSet(entry.variants.avif);
  const webp = srcSet(entry.variants.webp);
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      {img}
    </picture>
  );
}
