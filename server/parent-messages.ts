import { z } from 'zod';

/**
 * What the process that started the server (the station's supervisor) may send it: an Electron utility
 * process hears its parent on `process.parentPort`, a Node child on `process.on('message')`.
 */
export interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

export const parentPortOf = (proc: NodeJS.Process) => (proc as { parentPort?: ParentPort }).parentPort;

export const stopMessageSchema = z.object({ type: z.literal('stop') });

/** Calls `stop` when the parent asks the server to stop; anything else it sends is ignored. */
export function onStopMessage(stop: () => void): void {
  const heard = (message: unknown) => {
    if (stopMessageSchema.safeParse(message).success) stop();
  };
  const parentPort = parentPortOf(process);
  if (parentPort) parentPort.on('message', (event) => heard(event.data));
  else if (process.send) process.on('message', heard);
}
