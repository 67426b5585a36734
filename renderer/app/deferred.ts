import { createElement, lazy, useState, type ComponentType } from 'react';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component whose code is a chunk of its own, fetched when first drawn or before (`preload`). Once
 * its code is here it is drawn at once: a lazy component would still suspend on first use, and React
 * holds a fallback it has shown for a moment before revealing what replaced it.
 */
export function deferred<P extends object>(load: () => Promise<Loaded<P>>) {
  let ready: ComponentType<P> | null = null;
  const preload = () => load().then((m) => void (ready = m.default));
  const Lazy = lazy(load);
  function Deferred(props: P) {
    // Chosen once per mount: a screen first drawn through Lazy and drawn again once `ready` is set would
    // change type, and React would mount it anew, losing what it holds (an open dialog, a typed form).
    const [Component] = useState(() => ready ?? Lazy);
    return createElement(Component, props);
  }
  return { Component: Deferred, preload };
}

export const page =
  <M, P extends object = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) =>
  () =>
    load().then((m): Loaded<P> => ({ default: pick(m) }));
