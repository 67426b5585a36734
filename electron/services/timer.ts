/** Runs `run` once after `ms`; `cancel` before then stops it. Injected where tests step time by hand. */
export type Timer = (run: () => void, ms: number) => { cancel(): void };

/** The real clock's timer; a timer waiting never keeps a stopping process (browser mode, tests) alive. */
export const unrefTimer: Timer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};
