// A duration as a person reads it in a message: "0.3 s", "1.5 s", "60 s". Whole seconds from
// 10 s on; below, two significant digits, so a --timeout of 0.3 is not shown as "0 s".

/** `ms` as seconds, with the unit. */
export function showSeconds(ms: number): string {
  const s = ms / 1000;
  return `${s >= 10 ? Math.round(s) : Number(s.toPrecision(2))} s`;
}
