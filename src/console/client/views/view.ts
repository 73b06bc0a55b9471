import type { Me } from '../api.ts';

export interface ViewContext {
  me: Me;
  setWaiting(n: number): void;
}

/**
 * A page of the console: its element, its first read, what it does on a live event (the
 * session that changed, or null when anything may have), and clean-up. Pages without `live`
 * (forms being filled in) are never redrawn under the user's hands.
 */
export interface View {
  el: HTMLElement;
  refresh(): Promise<void>;
  live?(changedSession: number | null): Promise<void>;
  dispose?(): void;
}

export function errorText(x: unknown): string {
  return x instanceof Error ? x.message : String(x);
}
