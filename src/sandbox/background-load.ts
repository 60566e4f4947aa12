// --background-load: the account's other clients, N requests a minute evenly spread,
// taking slots of the same throttle window (refused, as theirs would be, when it is full).
import type { SandboxContext } from './context.js';

export function startBackgroundLoad(
  ctx: SandboxContext,
  perMinute: number | undefined,
): NodeJS.Timeout | undefined {
  if (!perMinute) return undefined;
  const timer = setInterval(() => {
    if (ctx.limiter.take().ok) ctx.stats.background.sent++;
    else ctx.stats.background.refused++;
  }, 60_000 / perMinute);
  timer.unref();
  return timer;
}
