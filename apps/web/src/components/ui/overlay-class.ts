/**
 * The dimmed layer behind a dialog, a sheet or an alert: the page shows through, softened. When the
 * system asks for less transparency it is nearly opaque and not blurred (decision 209).
 */
export const OVERLAY_CLASS =
  'fixed inset-0 z-50 bg-[#1f1a1d]/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in reduced-transparency:bg-[#1f1a1d]/85 reduced-transparency:backdrop-blur-none';
